import type { User } from '@lectern/contracts';
import {
  signUp,
  startBillingWorld,
  storedEvents,
  type BillingWorld,
  type SignedInUser,
} from './support/billing-fixtures';
import { TEST_APP_URL } from '../../services/gateway/test/support';

const NOT_FOUND = { message: 'This checkout session was not found.' };
const CALLS_PER_HOUR = 6;

describe('billing: the checkout success page syncs the subscription at once', () => {
  let world: BillingWorld;

  beforeAll(async () => {
    world = await startBillingWorld({ BILLING_REQUESTS_PER_HOUR: String(CALLS_PER_HOUR) });
  });
  afterAll(() => world.close());
  afterEach(() => world.stripe.recover());

  /** A user who started Checkout; the id Stripe puts in the success URL's {CHECKOUT_SESSION_ID}. */
  async function checkoutStarted(): Promise<SignedInUser & { sessionId: string }> {
    const user = await signUp(world.gateway);
    const response = await user.browser.post('/api/stripe/create-checkout-session').expect(200);
    const sessionId = (response.body as { url: string }).url.split('/').pop()!;
    expect(world.stripe.sessions.get(sessionId)?.client_reference_id).toBe(user.id);
    return { ...user, sessionId };
  }

  const sync = (user: SignedInUser, sessionId: unknown) =>
    user.browser.post('/api/stripe/sync-checkout').send({ sessionId });
  const me = async (user: SignedInUser) => (await user.browser.get('/api/auth/me')).body as User;
  const subscriptionReads = () =>
    world.stripe.requests.filter((r) => r.path.startsWith('/v1/subscriptions/')).length;

  it('makes a paying user Pro with no webhook at all', async () => {
    const user = await checkoutStarted();
    world.stripe.completeCheckout(user.sessionId);

    const response = await sync(user, user.sessionId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ plan: 'pro', subscriptionStatus: 'active', proUntil: null });
    expect(await me(user)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
    expect(await storedEvents(world.gateway)).toEqual([]);
    expect(world.stripe.requests.at(-2)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${user.sessionId}`,
      status: 200,
    });

    // Syncing again (a reload of the success page) changes nothing.
    expect((await sync(user, user.sessionId)).body).toEqual(response.body);
  });

  it("refuses another user's session id as if it did not exist, granting nothing", async () => {
    const payer = await checkoutStarted();
    world.stripe.completeCheckout(payer.sessionId);
    const intruder = await checkoutStarted();
    const reads = subscriptionReads();

    const response = await sync(intruder, payer.sessionId);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect(await me(intruder)).toMatchObject({ plan: 'free', subscriptionStatus: null });
    expect(subscriptionReads()).toBe(reads);

    // The session was real: its owner gets Pro from it.
    expect((await sync(payer, payer.sessionId)).status).toBe(200);
    expect(await me(payer)).toMatchObject({ plan: 'pro' });
    expect(await me(intruder)).toMatchObject({ plan: 'free' });
  });

  it('answers 404 for a session Stripe does not know, and 409 for a checkout not completed', async () => {
    const user = await checkoutStarted();
    expect((await sync(user, 'cs_test_a1nothingHere')).body).toEqual(NOT_FOUND);

    const open = await sync(user, user.sessionId);
    expect(open.status).toBe(409);
    expect(open.body).toEqual({ message: 'This checkout is not complete yet.' });
    expect(await me(user)).toMatchObject({ plan: 'free' });
  });

  it('refuses what is not a checkout session id (400), signed-out callers (401) and other sites (403)', async () => {
    const user = await signUp(world.gateway);
    const requests = world.stripe.requests.length;
    for (const [sessionId, message] of [
      [undefined, 'A checkout sessionId is required.'],
      ['sub_123', 'The sessionId is not a Stripe checkout session id.'],
      ['cs_test_../../v1/customers', 'The sessionId is not a Stripe checkout session id.'],
      [42, 'A checkout sessionId is required.'],
    ] as const) {
      const response = await sync(user, sessionId);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    }
    const signedOut = await world.gateway
      .http()
      .post('/api/stripe/sync-checkout')
      .send({ sessionId: 'cs_test_abc' });
    expect(signedOut.status).toBe(401);
    const foreign = await user.browser
      .post('/api/stripe/sync-checkout')
      .set('Origin', 'https://evil.example')
      .send({ sessionId: 'cs_test_abc' });
    expect(foreign.status).toBe(403);
    expect(new URL(TEST_APP_URL).origin).not.toBe('https://evil.example');
    expect(world.stripe.requests.length).toBe(requests);
  });

  it('answers a 5xx with a message while Stripe is down, and syncs once it is back', async () => {
    const user = await checkoutStarted();
    world.stripe.completeCheckout(user.sessionId);
    world.stripe.outage();
    const down = await sync(user, user.sessionId);
    expect(down.status).toBeGreaterThanOrEqual(500);
    expect(down.body).toEqual({ message: expect.stringMatching(/^Stripe .+\.$/) });
    expect(await me(user)).toMatchObject({ plan: 'free' });

    world.stripe.recover();
    expect((await sync(user, user.sessionId)).body).toMatchObject({ plan: 'pro' });
  }, 60_000);

  it('counts calls to Stripe per user and hour: past the limit 429 with Retry-After, and Stripe is not asked', async () => {
    const user = await checkoutStarted();
    const other = await checkoutStarted();
    for (let call = 1; call < CALLS_PER_HOUR; call += 1) {
      expect((await sync(user, 'cs_test_unknown')).status).toBe(404);
    }
    const stripeRequests = world.stripe.requests.length;
    const refused = await sync(user, user.sessionId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: `You have started ${CALLS_PER_HOUR} billing requests in the last hour, the most Lectern allows. Please try again in 60 minutes.`,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await user.browser.post('/api/stripe/create-checkout-session')).status).toBe(429);
    expect(world.stripe.requests.length).toBe(stripeRequests);
    // Another user's allowance is their own.
    expect((await sync(other, other.sessionId)).status).toBe(409);
  });
});
