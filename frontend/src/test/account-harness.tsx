import type { User } from '@lectern/contracts';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '@/app';
import { createQueryClient } from '@/lib/query-client';
import { getToasts } from '@/lib/toast-store';
import { routes } from '@/router';

export const ada: User = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan: 'free',
  role: 'user',
  emailVerified: true,
  createdAt: '2025-10-24T00:00:00Z',
  subscriptionStatus: null,
  proUntil: null,
};

type Answer = Response | ((body: unknown) => Response);

export interface FakeApi {
  /** Every request made, as `METHOD path` with its parsed JSON body. */
  calls: { route: string; body: unknown }[];
  callsTo(route: string): unknown[];
}

/**
 * The gateway as the screens see it: each `METHOD path` answers as given (a function sees the JSON body and may
 * change what later calls answer); anything else answers 404 like the gateway's unknown routes.
 */
export function fakeApi(answers: Record<string, Answer>): FakeApi {
  const calls: FakeApi['calls'] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${url}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, body });
    const answer = answers[route];
    if (answer === undefined)
      return Promise.resolve(Response.json({ message: 'Not found.' }, { status: 404 }));
    return Promise.resolve(typeof answer === 'function' ? answer(body) : answer.clone());
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, callsTo: (route) => calls.filter((call) => call.route === route).map((call) => call.body) };
}

export const signedOut = () => Response.json({ message: 'Not signed in.' }, { status: 401 });
export const noContent = () => new Response(null, { status: 204 });
export const message = (text: string, status = 200) => Response.json({ message: text }, { status });

/** The whole web app's routes, opened at a path, in StrictMode as the app boots (effects run twice). */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  render(
    <StrictMode>
      <App queryClient={client} router={router} />
    </StrictMode>,
  );
  return { router, client };
}

export function toastShown(title: string): boolean {
  return getToasts().some((t) => t.title === title && t.open);
}
