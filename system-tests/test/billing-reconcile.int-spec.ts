import type { User } from '@lectern/contracts';
import {
  completedCheckout,
  customerOf,
  database,
  deliver,
  eventJobState,
  signUp,
  startBillingWorld,
  storedEvents,
  watchFinalFailure,
  type BillingWorld,
} from './support/billing-fixtures';
import { startTcpProxy, type TcpProxy } from '../../services/gateway/test/support';
import { eventually } from './support/test-workers';

// Small, so the reconciler runs every 2 s in this file; production waits 2 minutes.
const RECONCILE_AFTER_MS = 4000;

describe('billing: stored Stripe events are never lost', () => {
  /** Between Lectern and Redis, so a test can take Redis away. */
  let relay: TcpProxy;
  let world: BillingWorld;

  beforeAll(async () => {
    relay = await startTcpProxy(Number(new URL(process.env.LECTERN_TEST_REDIS_URL!).port));
    world = await startBillingWorld(
      { REDIS_URL: `redis://127.0.0.1:${relay.port}` },
      { reconcileAfterMs: RECONCILE_AFTER_MS },
    );
  });
  afterAll(async () => {
    await world.close();
    await relay.close();
  }, 60_000);
  afterEach(() => world.stripe.recover());

  it('processes a checkout whose job failed for good while Stripe was down, once Stripe is back, with no new delivery', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const customer = (await customerOf(world.gateway, user.id))!;
    const { event } = completedCheckout(world.stripe, { id: user.id, customer });

    const watch = watchFinalFailure(world.gateway, event.id);
    await watch.ready;
    try {
      world.stripe.outage();
      await deliver(world.gateway, event).expect(200);
      // Every attempt failed against Stripe's 500s and 503s: the job is over, the event still unprocessed.
      await expect(watch.failure).resolves.toMatch(/^\[502\] Stripe is not responding/);
    } finally {
      await watch.close();
    }
    expect(await storedEvents(world.gateway)).toContainEqual({ id: event.id, processed: false });
    expect((await user.browser.get('/api/auth/me')).body).toMatchObject({ plan: 'free' });
    const failedRetrievals = world.stripe.requests.filter((r) => r.path.startsWith('/v1/subscriptions/'));
    expect(failedRetrievals.length).toBeGreaterThan(0);
    expect(failedRetrievals.every((r) => r.status >= 500)).toBe(true);

    world.stripe.recover();
    // No delivery from here on: only the reconciler can bring the event back to the worker.
    const me = await eventually(
      async () => (await user.browser.get('/api/auth/me')).body as User,
      (body) => body.plan === 'pro',
      RECONCILE_AFTER_MS * 3 + 30_000,
    );
    expect(me).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
    // The plan is applied before the event is marked processed (a second statement): wait for the row too.
    await eventually(
      () => storedEvents(world.gateway),
      (events) => events.some((stored) => stored.id === event.id && stored.processed),
      RECONCILE_AFTER_MS * 3 + 30_000,
    );
    expect(await eventJobState(world.gateway, event.id)).toBe('completed');
  }, 120_000);

  it('queues again a stored event whose job is gone from Redis altogether', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const customer = (await customerOf(world.gateway, user.id))!;
    const { event } = completedCheckout(world.stripe, { id: user.id, customer });

    // The row as the webhook stores it, with no job in Redis: as after losing Redis, or removing the job.
    await database(world.gateway).query('INSERT INTO stripe_events (id, type, payload) VALUES ($1, $2, $3)', [
      event.id,
      event.type,
      JSON.stringify(event),
    ]);
    expect(await eventJobState(world.gateway, event.id)).toBe('unknown');

    await eventually(
      async () => (await user.browser.get('/api/auth/me')).body as User,
      (body) => body.plan === 'pro',
      RECONCILE_AFTER_MS * 3 + 30_000,
    );
    // The plan is applied before the event is marked processed (a second statement): wait for the row too.
    await eventually(
      () => storedEvents(world.gateway),
      (events) => events.some((stored) => stored.id === event.id && stored.processed),
      RECONCILE_AFTER_MS * 3 + 30_000,
    );
  }, 120_000);

  it('answers a webhook 200 while Redis is unreachable once the event is stored; the reconciler queues it when Redis is back', async () => {
    const user = await signUp(world.gateway);
    const checkout = await user.browser.post('/api/stripe/create-checkout-session');
    expect(checkout.body).toEqual({ url: expect.any(String) });
    const customer = (await customerOf(world.gateway, user.id))!;
    const { event } = completedCheckout(world.stripe, { id: user.id, customer });

    await relay.cut();
    try {
      // Stripe waits for its answer; a webhook that hung here would be retried, and then count as failed.
      const response = await deliver(world.gateway, event).timeout(20_000);
      expect(response.status).toBe(200);
      expect(await storedEvents(world.gateway)).toContainEqual({ id: event.id, processed: false });
    } finally {
      await relay.restore();
    }

    const me = await eventually(
      async () => (await user.browser.get('/api/auth/me')).body as User,
      (body) => body.plan === 'pro',
      RECONCILE_AFTER_MS * 3 + 30_000,
    );
    expect(me).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
  }, 120_000);
});
