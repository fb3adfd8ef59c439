import {
  completedCheckout,
  deliver,
  signUp,
  storedEvents,
  FAKE_WEBHOOK_SECRET,
} from './support/billing-fixtures';
import { startFakeStripe, type FakeStripe } from '@lectern/fakes/stripe';
import { startTestGateway, type TestGateway } from '../../services/gateway/test/support';
import { startTestWorkers, stopTestWorkers } from './support/test-workers';
import type { RunningQueueWorker } from '@lectern/queue-runtime';

describe('billing: not configured (STRIPE_SECRET_KEY empty)', () => {
  let gateway: TestGateway;
  let stripe: FakeStripe;
  let workers: RunningQueueWorker[];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    // A webhook secret alone does not make billing work: without the key nothing talks to Stripe.
    gateway = await startTestGateway({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET });
    workers = await startTestWorkers(gateway.env, { stripeApiUrl: stripe.url });
  });
  afterAll(async () => {
    await stopTestWorkers(workers);
    await gateway.close();
    await stripe.close();
  });

  it('answers 503 "Billing is not configured." to checkout and portal', async () => {
    const user = await signUp(gateway);
    for (const path of ['/api/stripe/create-checkout-session', '/api/stripe/create-portal-session']) {
      const response = await user.browser.post(path);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ message: 'Billing is not configured.' });
    }
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers 503 to the webhook, storing nothing', async () => {
    const { event } = completedCheckout(stripe, { id: 'someone', customer: 'cus_someone' });
    const response = await deliver(gateway, event);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: 'Billing is not configured.' });
    expect(await storedEvents(gateway)).toEqual([]);
  });

  it('keeps the rest of the product working', async () => {
    const user = await signUp(gateway);
    const me = await user.browser.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ plan: 'free', subscriptionStatus: null, proUntil: null });
    expect((await gateway.http().get('/api/health')).status).toBe(200);
  });

  it('still asks visitors to sign in first (401)', async () => {
    expect((await gateway.http().post('/api/stripe/create-checkout-session')).status).toBe(401);
  });
});
