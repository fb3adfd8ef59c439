import Stripe from 'stripe';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '@lectern/fakes/stripe';
import { createStripeClient, stripeConnection } from './stripe-client';
import { toJobError } from './stripe-errors';

describe('stripeConnection', () => {
  it("is empty without STRIPE_API_URL, so the SDK talks to Stripe's own API", () => {
    expect(stripeConnection(undefined)).toEqual({});
  });

  it('turns a URL into host, port and protocol', () => {
    expect(stripeConnection('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeConnection('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeConnection('http://[::1]:8080/')).toEqual({ host: '::1', port: 8080, protocol: 'http' });
  });
});

describe('the Stripe client against a fake Stripe', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  it('is not created without a secret key', () => {
    expect(createStripeClient('', fake.url)).toBeNull();
  });

  it('sends its requests to STRIPE_API_URL with the secret key', async () => {
    const stripe = createStripeClient(FAKE_STRIPE_KEY, fake.url)!;
    const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'u1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      params: { email: 'ada@example.com', metadata: { userId: 'u1' } },
    });
  });

  it('classifies a wrong key as permanent and an outage as transient', async () => {
    const wrong = createStripeClient('sk_test_wrong', fake.url)!;
    const refused = await wrong.customers.create({}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeError);
    expect(toJobError(refused)).toMatchObject({ name: 'PermanentJobError', status: 503 });

    const stripe = new Stripe(FAKE_STRIPE_KEY, { ...stripeConnection(fake.url), maxNetworkRetries: 0 });
    fake.failNext(1);
    const outage = await stripe.customers.create({}).catch((error: unknown) => error);
    expect(toJobError(outage)).toMatchObject({ name: 'TransientJobError', status: 502 });

    const notStripe = new Error('connection reset by PostgreSQL');
    expect(toJobError(notStripe)).toBe(notStripe);
  });
});
