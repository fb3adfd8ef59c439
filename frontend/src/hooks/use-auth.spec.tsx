import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import { RequireAuth } from '@/components/guards';
import { useLogout } from '@/hooks/use-auth';
import { createQueryClient } from '@/lib/query-client';
import { getToasts } from '@/lib/toast-store';
import { ROUTES } from '@/routes';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan: 'free',
  role: 'user',
  createdAt: '2025-10-24T00:00:00Z',
};

function LogOutButton() {
  const logout = useLogout();
  return <button onClick={() => logout.mutate()}>Log Out</button>;
}

describe('useLogout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("goes home, not to /login, clears the session and says 'Logged out'", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation((url: string) =>
          Promise.resolve(url === '/api/auth/me' ? Response.json(user) : new Response(null, { status: 204 })),
        ),
    );
    const router = createMemoryRouter(
      [
        { path: ROUTES.home, element: <h1>Home</h1> },
        { path: ROUTES.login, element: <h1>Welcome back</h1> },
        { Component: RequireAuth, children: [{ path: ROUTES.profile, element: <LogOutButton /> }] },
      ],
      { initialEntries: [ROUTES.profile] },
    );
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    await waitFor(() => expect(getToasts().some((t) => t.title === 'Logged out' && t.open)).toBe(true));
    expect(router.state.location.pathname).toBe(ROUTES.home);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
  });
});
