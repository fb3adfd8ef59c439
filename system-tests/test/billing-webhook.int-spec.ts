import type { User } from '@lectern/contracts';
import type { FakeSubscriptionInput } from '@lectern/fakes/stripe';
import {
  completedCheckout,
  customerOf,
  database,
  deliver,
  deliverProcessed,
  eventJobState,
  FAKE_WEBHOOK_SECRET,
  processed,
  signedDelivery,
  signUp,
  startBillingWorld,
  storedEvents,
  stripeEvent,
  watchFinalFailure,
  type BillingWorld,
  type SignedInUser,
} from './support/billing-fixtures';
import { eventually } from './support/test-workers';

describe('billing: the signed Stripe webhook', () => {
  let world: BillingWorld;

  beforeAll(async () => {
    world = await startBillingWorld();
  });
  afterAll(() => world.close());

  /** A signed-in user who went through checkout: they have a Stripe customer. */
  async function customerUser(): Promise<SignedInUser & { customer: string }> {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    return { ...user, customer: (await customerOf(world.gateway, user.id))! };
  }

  /** Stripe's current state of the user's subscription, as later reads from the billing worker will see it. */
  function stripeSays(
    user: SignedInUser & { customer: string },
    id: string,
    fields: Omit<FakeSubscriptionInput, 'id' | 'customer' | 'metadata'>,
  ) {
    return world.stripe.putSubscription({
      id,
      customer: user.customer,
      metadata: { userId: user.id },
      ...fields,
    });
  }

  async function me(user: SignedInUser): Promise<User> {
    return (await user.browser.get('/api/auth/me')).body as User;
  }

  async function billingOf(userId: string) {
    const rows: Array<{ plan: string; subscription_status: string | null }> = await database(
      world.gateway,
    ).query('SELECT plan, subscription_status FROM users WHERE id = $1', [userId]);
    return rows[0];
  }

  describe('refuses what Stripe did not sign, storing nothing', () => {
    let event: ReturnType<typeof completedCheckout>['event'];
    let user: SignedInUser & { customer: string };

    beforeAll(async () => {
      user = await customerUser();
      event = completedCheckout(world.stripe, user).event;
    });

    afterEach(async () => {
      expect((await storedEvents(world.gateway)).map((e) => e.id)).not.toContain(event.id);
      expect((await me(user)).plan).toBe('free');
    });

    it('a missing Stripe-Signature header', async () => {
      const response = await deliver(world.gateway, event, { signature: null });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'The Stripe-Signature header is missing.' });
    });

    it('a signature made with another secret', async () => {
      const response = await deliver(world.gateway, event, { secret: 'whsec_someone_else' });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/not valid/);
    });

    it('a garbled signature header', async () => {
      expect((await deliver(world.gateway, event, { signature: 't=1,v1=00' })).status).toBe(400);
    });

    it('a body changed after signing', async () => {
      const { signature } = signedDelivery(event, { secret: FAKE_WEBHOOK_SECRET });
      const tampered = {
        ...event,
        data: { object: { ...event.data.object, client_reference_id: 'someone' } },
      };
      const response = await world.gateway
        .http()
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(JSON.stringify(tampered, null, 2));
      expect(response.status).toBe(400);
    });

    it('a stale signature (older than five minutes), as a replayed capture would have', async () => {
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
      const response = await deliver(world.gateway, event, { timestamp: tenMinutesAgo });
      expect(response.status).toBe(400);
    });
  });

  it('accepts a signed delivery whatever its content type says (the signature is what counts)', async () => {
    const user = await customerUser();
    const { event } = completedCheckout(world.stripe, user);
    const { body, signature } = signedDelivery(event);
    const response = await world.gateway
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'text/plain')
      .set('Stripe-Signature', signature)
      .send(body);
    expect(response.status).toBe(200);
    await processed(world.gateway, event.id);
    expect((await me(user)).plan).toBe('pro');
  });

  it('stores each event before answering and treats a replayed event id as a no-op', async () => {
    const user = await customerUser();
    const { event, subscription } = completedCheckout(world.stripe, user);
    // With Stripe down the worker cannot finish the event: a row read the moment the 200 arrives, still
    // unprocessed, can only have been written by the webhook before it answered.
    world.stripe.outage();
    try {
      await deliver(world.gateway, event).expect(200);
      expect(await storedEvents(world.gateway)).toContainEqual({ id: event.id, processed: false });
    } finally {
      world.stripe.recover();
    }
    await processed(world.gateway, event.id);
    expect((await me(user)).plan).toBe('pro');
    const [before] = await database(world.gateway).query(
      'SELECT received_at, processed_at FROM stripe_events WHERE id = $1',
      [event.id],
    );

    // Stripe now says the subscription is over, but a replay of the old event must not act on anything.
    world.stripe.putSubscription({ id: subscription.id, customer: user.customer, status: 'canceled' });
    const retrievals = world.stripe.requests.filter((r) => r.path.startsWith('/v1/subscriptions/')).length;
    await deliver(world.gateway, event).expect(200);
    await deliver(world.gateway, event).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const rows = await database(world.gateway).query(
      'SELECT received_at, processed_at FROM stripe_events WHERE id = $1',
      [event.id],
    );
    expect(rows).toEqual([before]);
    expect(world.stripe.requests.filter((r) => r.path.startsWith('/v1/subscriptions/')).length).toBe(
      retrievals,
    );
    expect((await me(user)).plan).toBe('pro');
  });

  it('processes a resent event whose job had failed for good (the failed job does not swallow it)', async () => {
    const user = await customerUser();
    const { event } = completedCheckout(world.stripe, user);
    const watch = watchFinalFailure(world.gateway, event.id);
    await watch.ready;
    try {
      world.stripe.outage();
      await deliver(world.gateway, event).expect(200);
      await watch.failure;
    } finally {
      world.stripe.recover();
      await watch.close();
    }
    expect(await eventJobState(world.gateway, event.id)).toBe('failed');
    expect((await me(user)).plan).toBe('free');

    // Resent from Stripe's dashboard (same event id, a fresh signature): processed this time.
    await deliverProcessed(world.gateway, event);
    expect(await me(user)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
  }, 60_000);

  it('makes a paying user Pro from a subscription in the shape of API versions before 2025-03-31', async () => {
    const user = await customerUser();
    const { event, subscription } = completedCheckout(world.stripe, user);
    // The period end on the subscription, none on its items: what stripe-mock and older accounts send.
    const legacy = world.stripe.putSubscription({
      id: subscription.id,
      customer: user.customer,
      status: 'active',
      metadata: { userId: user.id },
      apiShape: 'before-2025-03-31',
    });
    expect(legacy.items.data[0]).not.toHaveProperty('current_period_end');
    await deliverProcessed(world.gateway, event);
    expect(await me(user)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active', proUntil: null });
    const [row] = await database(world.gateway).query(
      'SELECT current_period_end FROM stripe_subscriptions WHERE id = $1',
      [subscription.id],
    );
    expect(row.current_period_end).toEqual(
      new Date((legacy as unknown as { current_period_end: number }).current_period_end * 1000),
    );
  });

  it('converges on Free when subscription.deleted arrives before checkout.session.completed', async () => {
    const user = await customerUser();
    const { event: completed, subscription } = completedCheckout(world.stripe, user);
    const ended = stripeSays(user, subscription.id, { status: 'canceled' });
    const deleted = stripeEvent('customer.subscription.deleted', ended);

    await deliverProcessed(world.gateway, deleted);
    await deliverProcessed(world.gateway, completed);

    expect(await me(user)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled' });
    expect(await billingOf(user.id)).toEqual({ plan: 'free', subscription_status: 'canceled' });
  });

  it('follows Stripe’s current state, not a stale event body, when updates arrive out of order', async () => {
    const user = await customerUser();
    const { event: completed, subscription } = completedCheckout(world.stripe, user, 'incomplete');
    // The older update (incomplete) is delivered last; Stripe says active by now.
    const older = stripeEvent('customer.subscription.updated', { ...subscription, status: 'incomplete' });
    const current = stripeSays(user, subscription.id, { status: 'active' });
    const newer = stripeEvent('customer.subscription.updated', current);

    for (const event of [newer, completed, older]) {
      await deliver(world.gateway, event).expect(200);
    }
    for (const event of [newer, completed, older]) await processed(world.gateway, event.id);
    expect(await me(user)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
  });

  it('keeps Pro after cancelling at period end until the period ends, then Free', async () => {
    const user = await customerUser();
    const { event, subscription } = completedCheckout(world.stripe, user);
    await deliverProcessed(world.gateway, event);

    // Far enough ahead that delivering and processing the update on a busy machine ends before the period does.
    const periodEnd = new Date(Math.ceil((Date.now() + 10_000) / 1000) * 1000);
    const cancelling = stripeSays(user, subscription.id, {
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
    });
    const updated = stripeEvent('customer.subscription.updated', cancelling);
    await deliverProcessed(world.gateway, updated);
    expect(await me(user)).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'active',
      proUntil: periodEnd.toISOString(),
    });

    // No further event from Stripe: the read applies the end at once, the scheduled sync writes it down.
    await eventually(
      () => me(user),
      (body) => body.plan === 'free',
      20_000,
    );
    expect(await me(user)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled', proUntil: null });
    expect(Date.now()).toBeGreaterThanOrEqual(periodEnd.getTime());
    await eventually(
      () => billingOf(user.id),
      (row) => row?.plan === 'free',
      20_000,
    );
    expect(await billingOf(user.id)).toEqual({ plan: 'free', subscription_status: 'canceled' });
  }, 60_000);

  it('keeps Pro through a failed payment (past_due) and shows it; unpaid then means Free', async () => {
    const user = await customerUser();
    const { event, subscription } = completedCheckout(world.stripe, user);
    await deliverProcessed(world.gateway, event);

    stripeSays(user, subscription.id, { status: 'past_due' });
    const failed = stripeEvent('invoice.payment_failed', {
      id: 'in_failed_1',
      object: 'invoice',
      customer: user.customer,
      status: 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    await deliverProcessed(world.gateway, failed);
    expect(await me(user)).toMatchObject({ plan: 'pro', subscriptionStatus: 'past_due' });

    const unpaid = stripeSays(user, subscription.id, { status: 'unpaid' });
    const updated = stripeEvent('customer.subscription.updated', unpaid);
    await deliverProcessed(world.gateway, updated);
    expect(await me(user)).toMatchObject({ plan: 'free', subscriptionStatus: 'unpaid' });
  });

  it('stores and acknowledges events it does not act on', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_someone', object: 'customer' });
    await deliverProcessed(world.gateway, event);
    const [row] = await database(world.gateway).query('SELECT outcome FROM stripe_events WHERE id = $1', [
      event.id,
    ]);
    expect(row).toEqual({ outcome: 'ignored' });
  });
});
