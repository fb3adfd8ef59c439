import { firstValueFrom } from 'rxjs';
import { filter, take } from 'rxjs/operators';
import { hasProAccess, type User } from '@lectern/contracts';
import { PlanChangesListener, TEST_APP_URL } from '../../services/gateway/test/support';
import {
  completedCheckout,
  customerOf,
  database,
  deliver,
  deliverProcessed,
  FAKE_PRICE_ID,
  signUp,
  startBillingWorld,
  type BillingWorld,
} from './support/billing-fixtures';
import { eventually } from './support/test-workers';

const ADMIN_EMAIL = 'head.of.billing@example.com';

describe('billing: checkout, portal and the plan they lead to', () => {
  let world: BillingWorld;

  beforeAll(async () => {
    world = await startBillingWorld({ ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(() => world.close());

  it('answers 401 to visitors who are not signed in', async () => {
    const response = await world.gateway.http().post('/api/stripe/create-checkout-session');
    expect(response.status).toBe(401);
    expect(world.stripe.checkoutSessions).toHaveLength(0);
  });

  it('starts a subscription Checkout for the Pro price, for a Stripe customer created for the user', async () => {
    const user = await signUp(world.gateway);
    const response = await user.browser.post('/api/stripe/create-checkout-session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/),
    });

    const customer = await customerOf(world.gateway, user.id);
    expect(customer).toMatch(/^cus_/);
    expect(world.stripe.customers.get(customer!)).toMatchObject({
      email: user.email,
      metadata: { userId: user.id },
    });
    expect(world.stripe.checkoutSessions.at(-1)).toEqual({
      mode: 'subscription',
      customer,
      line_items: [{ price: FAKE_PRICE_ID, quantity: '1' }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      success_url: `${TEST_APP_URL}/pricing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_APP_URL}/pricing/cancel`,
    });
  });

  it('reuses the Stripe customer on a second checkout', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const customer = await customerOf(world.gateway, user.id);
    const created = world.stripe.requests.filter((r) => r.path === '/v1/customers').length;

    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    expect(await customerOf(world.gateway, user.id)).toBe(customer);
    expect(world.stripe.requests.filter((r) => r.path === '/v1/customers').length).toBe(created);
    expect(world.stripe.checkoutSessions.at(-1)?.customer).toBe(customer);
  });

  it('creates one customer even when two checkouts start at once', async () => {
    const user = await signUp(world.gateway);
    const answers = await Promise.all([
      user.browser.post('/api/stripe/create-checkout-session'),
      user.browser.post('/api/stripe/create-checkout-session'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const customer = await customerOf(world.gateway, user.id);
    const mine = [...world.stripe.customers.values()].filter(
      (c) => 'metadata' in c && c.metadata.userId === user.id,
    );
    expect(mine.map((c) => c.id)).toEqual([customer]);
  });

  it('makes a new customer when the stored one was deleted in Stripe', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const first = (await customerOf(world.gateway, user.id))!;
    world.stripe.customers.set(first, { id: first, object: 'customer', deleted: true });

    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const second = await customerOf(world.gateway, user.id);
    expect(second).toMatch(/^cus_/);
    expect(second).not.toBe(first);
    expect(world.stripe.checkoutSessions.at(-1)?.customer).toBe(second);
  });

  it('shows Pro on the success page refresh once the webhook is processed, announced by a plan-changed event', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const customer = (await customerOf(world.gateway, user.id))!;
    expect((await user.browser.get('/api/auth/me')).body).toMatchObject({
      plan: 'free',
      subscriptionStatus: null,
    });

    const listener = world.gateway.app.get(PlanChangesListener);
    const announced = firstValueFrom(
      listener.changes$.pipe(
        filter((e) => e.userId === user.id),
        take(1),
      ),
    );
    const { event } = completedCheckout(world.stripe, { id: user.id, customer });
    const response = await deliver(world.gateway, event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });

    // The success page refreshes the user about a second after it loads. How fast the round trip is on this
    // machine is `npm run bench`'s to report (bench/billing.bench.mjs); here only a deadline nobody misses.
    const me = await eventually(
      async () => (await user.browser.get('/api/auth/me')).body as User,
      (body) => body.plan === 'pro',
      30_000,
    );
    expect(me).toMatchObject({ plan: 'pro', subscriptionStatus: 'active', proUntil: null });
    await expect(announced).resolves.toMatchObject({
      userId: user.id,
      plan: 'pro',
      subscriptionStatus: 'active',
    });
  });

  it('answers 409 pointing to Manage Subscription when a Pro user starts checkout again', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const customer = (await customerOf(world.gateway, user.id))!;
    const { event } = completedCheckout(world.stripe, { id: user.id, customer });
    await deliverProcessed(world.gateway, event);
    const sessions = world.stripe.checkoutSessions.length;

    const again = await user.browser.post('/api/stripe/create-checkout-session');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Manage Subscription/);
    expect(world.stripe.checkoutSessions).toHaveLength(sessions);
  });

  it('opens the billing portal for the customer, returning to the profile', async () => {
    const user = await signUp(world.gateway);
    await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const customer = await customerOf(world.gateway, user.id);

    const response = await user.browser.post('/api/stripe/create-portal-session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/),
    });
    expect(world.stripe.portalSessions.at(-1)).toEqual({ customer, return_url: `${TEST_APP_URL}/profile` });
  });

  it('answers 400 to a portal request from a user with no Stripe customer', async () => {
    const user = await signUp(world.gateway);
    const portals = world.stripe.portalSessions.length;
    const response = await user.browser.post('/api/stripe/create-portal-session');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'You have no subscription to manage yet. Upgrade to Pro first.',
    });
    expect(world.stripe.portalSessions).toHaveLength(portals);
  });

  it('keeps admins Pro-equivalent whatever Stripe says', async () => {
    const admin = await signUp(world.gateway, ADMIN_EMAIL);
    const checkout = await admin.browser.post('/api/stripe/create-checkout-session');
    expect(checkout.status).toBe(409);

    // An admin who also paid, then cancelled: Stripe says canceled, the account stays Pro-equivalent.
    const customer = 'cus_admin_paid_before';
    await database(world.gateway).query('UPDATE users SET stripe_customer_id = $2 WHERE id = $1', [
      admin.id,
      customer,
    ]);
    world.stripe.customers.set(customer, { id: customer, object: 'customer' } as never);
    const { event } = completedCheckout(world.stripe, { id: admin.id, customer }, 'canceled');
    await deliverProcessed(world.gateway, event);

    const me = (await admin.browser.get('/api/auth/me')).body as User;
    expect(me).toMatchObject({ role: 'admin', plan: 'free', subscriptionStatus: 'canceled' });
    expect(hasProAccess(me)).toBe(true);
    expect((await admin.browser.post('/api/stripe/create-checkout-session')).status).toBe(409);
    expect((await admin.browser.post('/api/stripe/create-portal-session')).status).toBe(200);
  });
});
