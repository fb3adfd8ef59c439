import type { User } from '@lectern/contracts';
import { Redis } from 'ioredis';
import {
  completedCheckout,
  customerOf,
  database,
  deliver,
  deliverProcessed,
  signUp,
  startBillingWorld,
  stripeEvent,
  watchFinalFailure,
  type BillingWorld,
  type SignedInUser,
} from './support/billing-fixtures';

const PASSWORD = 'correct horse';

/** Every value stored under the prefix, whatever the key's type, as one text to search. */
async function everythingUnder(redis: Redis, prefix: string): Promise<string> {
  const parts: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') parts.push((await redis.get(key)) ?? '');
      else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(JSON.stringify(await redis.smembers(key)));
      else if (type === 'zset') parts.push(JSON.stringify(await redis.zrange(key, 0, -1)));
      else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
    }
  } while (cursor !== '0');
  return parts.join('\n');
}

describe('billing: what Lectern keeps of Stripe, and what it grants', () => {
  let world: BillingWorld;
  let redis: Redis;

  beforeAll(async () => {
    world = await startBillingWorld();
    redis = new Redis(world.gateway.env.REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await world.close();
  });

  async function customerUser(): Promise<SignedInUser & { customer: string }> {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    return { ...user, customer: (await customerOf(world.gateway, user.id))! };
  }

  async function me(user: SignedInUser): Promise<User> {
    return (await user.browser.get('/api/auth/me')).body as User;
  }

  async function storedPayload(eventId: string): Promise<string | null> {
    const rows: Array<{ payload: string | null }> = await database(world.gateway).query(
      'SELECT payload::text AS payload FROM stripe_events WHERE id = $1',
      [eventId],
    );
    return rows[0]!.payload;
  }

  /** A completed checkout's event as Stripe sends it: with the customer's email and name. */
  function paidCheckout(user: SignedInUser & { customer: string }) {
    const checkout = completedCheckout(world.stripe, user);
    Object.assign(checkout.event.data.object, {
      customer_email: user.email,
      customer_details: { email: user.email, name: 'Ada Lovelace', address: { country: 'GB' } },
    });
    return checkout;
  }

  describe('stored Stripe events', () => {
    it('keep no email or name: none while waiting, and only the id, type and time once processed', async () => {
      const user = await customerUser();
      const { event } = paidCheckout(user);
      world.stripe.outage();
      try {
        await deliver(world.gateway, event).expect(200);
        const waiting = (await storedPayload(event.id))!;
        expect(waiting).not.toContain(user.email);
        expect(waiting).not.toContain('Ada Lovelace');
      } finally {
        world.stripe.recover();
      }
      await deliverProcessed(world.gateway, event);
      expect((await me(user)).plan).toBe('pro');

      const [row] = await database(world.gateway).query(
        'SELECT type, payload, processed_at, outcome FROM stripe_events WHERE id = $1',
        [event.id],
      );
      expect(row).toEqual({
        type: 'checkout.session.completed',
        payload: null,
        processed_at: expect.any(Date),
        outcome: 'processed',
      });
    });

    it('of a deleted account are emptied, even those not processed yet', async () => {
      const user = await customerUser();
      const { event } = paidCheckout(user);
      // The event's job fails for good while Stripe is down: the row waits for the reconciler.
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
      expect(await storedPayload(event.id)).toContain(user.customer);

      expect((await user.browser.delete('/api/auth/me').send({ password: PASSWORD })).status).toBe(200);
      const naming: Array<{ id: string }> = await database(world.gateway).query(
        `SELECT id FROM stripe_events WHERE payload::text LIKE '%' || $1 || '%' OR payload::text LIKE '%' || $2 || '%'`,
        [user.id, user.customer],
      );
      expect(naming).toEqual([]);
      // The event itself stays known, so a replay of it is still a no-op.
      expect(await storedPayload(event.id)).toBeNull();
    }, 60_000);
  });

  describe('Pro', () => {
    it('needs a subscription to the Pro price: one to another product of the same Stripe account grants nothing', async () => {
      const user = await customerUser();
      const { event, subscription } = completedCheckout(world.stripe, user);
      world.stripe.putSubscription({
        id: subscription.id,
        customer: user.customer,
        status: 'active',
        metadata: { userId: user.id },
        priceId: 'price_another_product',
      });
      await deliverProcessed(world.gateway, event);
      expect(await me(user)).toMatchObject({ plan: 'free', subscriptionStatus: null });

      // Moved to the Pro price (e.g. in the billing portal): now it grants Pro.
      const moved = world.stripe.putSubscription({
        id: subscription.id,
        customer: user.customer,
        status: 'active',
        metadata: { userId: user.id },
      });
      await deliverProcessed(world.gateway, stripeEvent('customer.subscription.updated', moved));
      expect(await me(user)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
    });
  });

  describe('checkout and portal URLs', () => {
    it('reach the user and are kept nowhere in Redis once answered', async () => {
      const user = await signUp(world.gateway);
      const checkout = await user.browser.post('/api/stripe/create-checkout-session').expect(200);
      const checkoutUrl = checkout.body.url as string;
      expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const portal = await user.browser.post('/api/stripe/create-portal-session').expect(200);
      const portalUrl = portal.body.url as string;
      expect(portalUrl).toMatch(/^https:\/\/billing\.stripe\.test\//);

      const stored = await everythingUnder(redis, world.gateway.env.REDIS_PREFIX);
      // The search does reach what Lectern keeps under its prefix: the user's session names them.
      expect(stored.includes(user.id)).toBe(true);
      expect(stored.includes(new URL(checkoutUrl).pathname)).toBe(false);
      expect(stored.includes(new URL(portalUrl).pathname)).toBe(false);
    });
  });

  describe('an account being deleted', () => {
    it('expires a checkout started while its deletion runs', async () => {
      const user = await customerUser();
      // Stripe is slow to create the new page: the deletion runs in full meanwhile.
      const hold = world.stripe.holdNext('POST', '/v1/checkout/sessions');
      const checkout = user.browser.post('/api/stripe/create-checkout-session').then((r) => r);
      await hold.reached;
      const deleted = await user.browser.delete('/api/auth/me').send({ password: PASSWORD });
      expect(deleted.status).toBe(200);
      hold.release();
      const answer = await checkout;

      expect(answer.status).not.toBe(200);
      const created = [...world.stripe.sessions.values()].filter((s) => s.customer === user.customer);
      expect(created.length).toBeGreaterThan(0);
      for (const session of created) expect(session.status).toBe('expired');
    }, 60_000);
  });
});
