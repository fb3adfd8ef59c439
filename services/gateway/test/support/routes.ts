import type { NestExpressApplication } from '@nestjs/platform-express';

/** One route a controller registered, as "METHOD /path/:param". */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

interface ExpressLayer {
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
}

/**
 * Every route the gateway's controllers registered, read from the Express router the app really uses, so a
 * test that walks "every route" fails as soon as a controller gains one it does not know about.
 */
export function registeredRoutes(app: NestExpressApplication): RouteKey[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack?: ExpressLayer[] } };
  const stack = instance.router?.stack;
  if (!stack) throw new Error('the Express router of the gateway could not be read');
  const keys = new Set<RouteKey>();
  for (const layer of stack) {
    if (!layer.route || typeof layer.route.path !== 'string') continue;
    // Nest's not-found handler is the catch-all `/{*path}`, for every method: no route of Lectern's.
    if (layer.route.path.includes('*')) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') keys.add(`${method.toUpperCase()} ${layer.route.path}` as RouteKey);
    }
  }
  if (keys.size === 0) throw new Error('no routes found in the Express router of the gateway');
  return [...keys].sort();
}

/** The names of a route's path parameters, in order (":id" and ":format" give ["id", "format"]). */
export function pathParams(route: RouteKey): string[] {
  return [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** The route's path with its parameters filled in (each value percent-encoded unless `raw`). */
export function fillPath(route: RouteKey, values: Record<string, string>, raw = false): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${route}`);
    return raw ? value : encodeURIComponent(value);
  });
}

export function methodOf(route: RouteKey): 'get' | 'post' | 'put' | 'patch' | 'delete' {
  return route.slice(0, route.indexOf(' ')).toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
}
