import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/hooks/use-auth';
import { createQueryClient } from '@/lib/query-client';
import PricingSuccessPage from '@/pages/pricing-success-page';
import { ROUTES } from '@/routes';

const freeUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan: 'free',
  role: 'user',
  createdAt: '2025-10-24T00:00:00Z',
  subscriptionStatus: null,
  proUntil: null,
};

/** The server as the page sees it: /api/auth/me says Free until the sync has run, Pro after. */
function server(syncAnswer: Response) {
  let synced = false;
  const fetch = vi.fn().mockImplementation((url: string, init?: RequestInit) => {
    if (url === '/api/stripe/sync-checkout') {
      synced = syncAnswer.ok;
      return Promise.resolve(syncAnswer);
    }
    if (url === '/api/auth/me')
      return Promise.resolve(Response.json(synced ? { ...freeUser, plan: 'pro' } : freeUser));
    return Promise.resolve(Response.json({}, { status: init?.method === 'POST' ? 404 : 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The plan the app shell shows (a watcher of the current user, as the navigation bar is). */
function ShownPlan() {
  const { user } = useSession();
  return <p>Plan shown: {user?.plan ?? 'none'}</p>;
}

function visit(path: string) {
  const element = (
    <>
      <ShownPlan />
      <PricingSuccessPage />
    </>
  );
  const router = createMemoryRouter([{ path: ROUTES.pricingSuccess, element }], { initialEntries: [path] });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

describe('the checkout success page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('syncs the checkout session Stripe sent back, then refreshes the user', async () => {
    const fetch = server(Response.json({ plan: 'pro', subscriptionStatus: 'active', proUntil: null }));
    visit(`${ROUTES.pricingSuccess}?session_id=cs_test_a1b2c3`);
    expect(await screen.findByRole('heading', { name: 'Welcome to Pro!' })).toBeInTheDocument();

    expect(await screen.findByText('Plan shown: pro')).toBeInTheDocument();
    const sync = fetch.mock.calls.find(([url]) => url === '/api/stripe/sync-checkout');
    expect(sync?.[1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ sessionId: 'cs_test_a1b2c3' }),
    });
    const syncAt = fetch.mock.calls.indexOf(sync!);
    expect(fetch.mock.calls.slice(syncAt + 1).some(([url]) => url === '/api/auth/me')).toBe(true);
  });

  it("says the payment is still being confirmed when the sync fails, with the server's words", async () => {
    server(
      Response.json(
        { message: 'Stripe took too long to confirm the payment. Your plan will update in a few minutes.' },
        { status: 504 },
      ),
    );
    visit(`${ROUTES.pricingSuccess}?session_id=cs_test_a1b2c3`);
    expect(
      await screen.findByText(
        'Stripe took too long to confirm the payment. Your plan will update in a few minutes.',
      ),
    ).toBeInTheDocument();
  });

  it('asks nothing of Stripe without a session id (an old link), and still refreshes the user', async () => {
    const fetch = server(Response.json({}));
    visit(ROUTES.pricingSuccess);
    await screen.findByText('Plan shown: free');
    const meReads = () => fetch.mock.calls.filter(([url]) => url === '/api/auth/me').length;
    const before = meReads();
    // The refresh a second after load, as the page has always done.
    await waitFor(() => expect(meReads()).toBeGreaterThan(before));
    expect(fetch.mock.calls.some(([url]) => url === '/api/stripe/sync-checkout')).toBe(false);
  });
});
