import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from '@/components/guards';
import { createQueryClient } from '@/lib/query-client';
import { ROUTES } from '@/routes';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan: 'free',
  role: 'user',
  createdAt: '2025-10-24T00:00:00Z',
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { Component: RequireAuth, children: [{ path: ROUTES.dashboard, element: <h1>My Library</h1> }] },
      { Component: RedirectIfSignedIn, children: [{ path: ROUTES.login, element: <h1>Welcome back</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function sessionAnswers(response: () => Response) {
  const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('route guards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading...' while the session is checked", () => {
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise(() => {})));
    renderAt(ROUTES.dashboard);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('My Library')).not.toBeInTheDocument();
  });

  it('sends signed-out visitors of a signed-in screen to /login', async () => {
    const fetchMock = sessionAnswers(() => new Response('{"message":"Not signed in."}', { status: 401 }));
    const router = renderAt(ROUTES.dashboard);
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.login);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('treats a failed session check as signed out', async () => {
    sessionAnswers(() => new Response('oops', { status: 500 }));
    const router = renderAt(ROUTES.dashboard);
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.login);
  });

  it('lets signed-in users in, and sends them from /login to /dashboard', async () => {
    sessionAnswers(() => Response.json(user));
    const router = renderAt(ROUTES.login);
    expect(await screen.findByText('My Library')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.dashboard);
  });
});
