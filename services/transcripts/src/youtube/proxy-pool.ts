import { ProxyAgent, type Dispatcher } from 'undici';

/** One way out to YouTube: a proxy of YOUTUBE_PROXY_URL, or direct. */
export interface Route {
  /** The proxy's host and port, never its credentials; "direct" without a proxy. */
  label: string;
  dispatcher?: Dispatcher;
}

interface PooledProxy extends Route {
  strikes: number;
  restingUntil: number;
  /** When its current (or last) rest began. */
  restingSince: number;
}

/** Which proxy a route handed out is, and when it was handed out. */
interface Lease {
  proxy: PooledProxy;
  at: number;
}

export interface ProxyPoolOptions {
  /** How long a proxy rests after its first block; each further block in a row doubles it. */
  restMs?: number;
  maxRestMs?: number;
  now?: () => number;
}

export const DEFAULT_PROXY_REST_MS = 60_000;
export const MAX_PROXY_REST_MS = 30 * 60_000;

/** The host and port of a proxy URL: what logs and metrics may show of it. */
export function proxyLabel(proxyUrl: string): string {
  return new URL(proxyUrl).host;
}

/**
 * YOUTUBE_PROXY_URL's proxies, used in turn. A proxy YouTube blocks (bot check, 429) rests before it is used
 * again, longer each time it is blocked in a row; when every proxy rests, the one that has rested longest
 * is used rather than none. Fetches run concurrently, so one block may be reported by several fetches: only
 * a block of a fetch that began after the proxy's last rest began, and while it is not resting, counts.
 */
export class ProxyPool {
  private readonly proxies: PooledProxy[];
  private readonly direct: Route = { label: 'direct' };
  private nextIndex = 0;
  private readonly leases = new WeakMap<Route, Lease>();
  private readonly restMs: number;
  private readonly maxRestMs: number;
  private readonly now: () => number;

  constructor(proxyUrls: readonly string[], options: ProxyPoolOptions = {}) {
    this.proxies = proxyUrls.map((url) => ({
      label: proxyLabel(url),
      dispatcher: new ProxyAgent(url),
      strikes: 0,
      restingUntil: 0,
      restingSince: Number.NEGATIVE_INFINITY,
    }));
    this.restMs = options.restMs ?? DEFAULT_PROXY_REST_MS;
    this.maxRestMs = options.maxRestMs ?? MAX_PROXY_REST_MS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.proxies.length;
  }

  next(): Route {
    if (this.proxies.length === 0) return this.direct;
    const now = this.now();
    for (let step = 0; step < this.proxies.length; step++) {
      const index = (this.nextIndex + step) % this.proxies.length;
      const proxy = this.proxies[index];
      if (proxy && proxy.restingUntil <= now) {
        this.nextIndex = index + 1;
        return this.lease(proxy, now);
      }
    }
    const rested = this.proxies.reduce((a, b) => (b.restingUntil < a.restingUntil ? b : a));
    return this.lease(rested, now);
  }

  blocked(route: Route): void {
    const lease = this.leases.get(route);
    if (!lease) return;
    const { proxy, at } = lease;
    const now = this.now();
    if (at < proxy.restingSince || now < proxy.restingUntil) return;
    proxy.strikes += 1;
    const rest = Math.min(this.maxRestMs, this.restMs * 2 ** (proxy.strikes - 1));
    proxy.restingSince = now;
    proxy.restingUntil = now + rest;
  }

  served(route: Route): void {
    const lease = this.leases.get(route);
    if (lease) lease.proxy.strikes = 0;
  }

  private lease(proxy: PooledProxy, at: number): Route {
    const route: Route = { label: proxy.label, dispatcher: proxy.dispatcher };
    this.leases.set(route, { proxy, at });
    return route;
  }

  /** When the proxy may be used again (0: now). */
  restingUntil(label: string): number {
    return this.proxies.find((proxy) => proxy.label === label)?.restingUntil ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all(this.proxies.map((proxy) => proxy.dispatcher?.close() ?? Promise.resolve()));
  }
}
