import { QueueEvents } from 'bullmq';
import { QueueName, laneQueueName } from '@lectern/contracts';
import { JobRequester, type RunningQueueWorker } from '@lectern/queue-runtime';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import {
  FAKE_PRICE_ID,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  signedDelivery,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from '@lectern/fakes/stripe';
import {
  type GatewayEnvInput,
  confirmIfListedAdmin,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from '../../../services/gateway/test/support';
import { eventually, startTestWorkers, stopTestWorkers } from './test-workers';

export interface BillingWorld {
  gateway: TestGateway;
  stripe: FakeStripe;
  workers: RunningQueueWorker[];
  close(): Promise<void>;
}

/** A gateway configured for Stripe, the real workers, and a fake Stripe the billing worker talks to. */
export async function startBillingWorld(
  overrides: Partial<Record<keyof GatewayEnvInput, string>> = {},
  options: { reconcileAfterMs?: number } = {},
): Promise<BillingWorld> {
  const stripe = await startFakeStripe();
  const gateway = await startTestGateway({
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: FAKE_PRICE_ID,
    ...overrides,
  });
  const workers = await startTestWorkers(gateway.env, {
    stripeApiUrl: stripe.url,
    stripeReconcileAfterMs: options.reconcileAfterMs,
  });
  return {
    gateway,
    stripe,
    workers,
    async close() {
      await stopTestWorkers(workers);
      await gateway.close();
      await stripe.close();
    },
  };
}

export interface SignedInUser {
  id: string;
  email: string;
  browser: ReturnType<TestGateway['browser']>;
}

export async function signUp(gateway: TestGateway, email = uniqueEmail('billing')): Promise<SignedInUser> {
  const browser = gateway.browser();
  const response = await browser.post('/api/auth/signup').send({ email, password: 'correct horse' });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status}`);
  await confirmIfListedAdmin(gateway, email);
  return { id: (response.body as { id: string }).id, email, browser };
}

/** Posts an event to the webhook exactly as Stripe would (or with the given signature header). */
export function deliver(
  gateway: TestGateway,
  event: Stripe.Event,
  options: { signature?: string | null; timestamp?: number; secret?: string } = {},
) {
  const { body, signature } = signedDelivery(event, options);
  const post = gateway
    .http()
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json; charset=utf-8');
  const header = options.signature === undefined ? signature : options.signature;
  return (header === null ? post : post.set('Stripe-Signature', header)).send(body);
}

export function database(gateway: TestGateway): DataSource {
  return gateway.app.get(DataSource);
}

export async function storedEvents(gateway: TestGateway): Promise<Array<{ id: string; processed: boolean }>> {
  const rows: Array<{ id: string; processed_at: Date | null }> = await database(gateway).query(
    'SELECT id, processed_at FROM stripe_events ORDER BY received_at',
  );
  return rows.map((row) => ({ id: row.id, processed: row.processed_at !== null }));
}

/** Waits until the billing worker has processed the stored event. */
export async function processed(gateway: TestGateway, eventId: string): Promise<void> {
  await eventually(
    async () => {
      const rows: Array<{ processed_at: Date | null }> = await database(gateway).query(
        'SELECT processed_at FROM stripe_events WHERE id = $1',
        [eventId],
      );
      return rows[0]?.processed_at ?? null;
    },
    (at) => at !== null,
    10_000,
  );
}

/** Delivers a signed event, expects it accepted, and waits until the billing worker has processed it. */
export async function deliverProcessed(gateway: TestGateway, event: Stripe.Event): Promise<void> {
  await deliver(gateway, event).expect(200);
  await processed(gateway, event.id);
}

/** A subscription created through Checkout for this user: in the fake Stripe, and its completed event. */
export function completedCheckout(
  stripe: FakeStripe,
  user: { id: string; customer: string },
  status: Stripe.Subscription.Status = 'active',
): { subscription: Stripe.Subscription; event: Stripe.Event } {
  const subscription = stripe.putSubscription({
    customer: user.customer,
    status,
    metadata: { userId: user.id },
  });
  const event = stripeEvent('checkout.session.completed', {
    id: `cs_test_${subscription.id}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer: user.customer,
    subscription: subscription.id,
    client_reference_id: user.id,
    metadata: { userId: user.id },
  });
  return { subscription, event };
}

export async function customerOf(gateway: TestGateway, userId: string): Promise<string | null> {
  const rows: Array<{ stripe_customer_id: string | null }> = await database(gateway).query(
    'SELECT stripe_customer_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.stripe_customer_id ?? null;
}

/**
 * Resolves with the failed reason once the event's job fails for good (BullMQ publishes `failed` only when no
 * attempt is left; a retried attempt is `delayed`). Await `ready` before delivering, so the failure is not missed.
 */
export function watchFinalFailure(gateway: TestGateway, eventId: string) {
  const events = new QueueEvents(laneQueueName(QueueName.Billing, 'pro'), {
    connection: { url: gateway.env.REDIS_URL },
    prefix: gateway.env.REDIS_PREFIX,
  });
  events.on('error', () => undefined);
  const failure = new Promise<string>((resolve) => {
    events.on('failed', ({ jobId, failedReason }) => {
      if (jobId === eventId) resolve(failedReason);
    });
  });
  return {
    ready: events.waitUntilReady(),
    failure,
    close: () => events.close(),
  };
}

/** The state of the event's job in the billing queue (`unknown` once it is gone). */
export async function eventJobState(gateway: TestGateway, eventId: string): Promise<string> {
  const queue = gateway.app
    .get(JobRequester)
    .queues()
    .find((q) => q.name === laneQueueName(QueueName.Billing, 'pro'))!;
  return queue.getJobState(eventId);
}

export { stripeEvent, signedDelivery, FAKE_PRICE_ID, FAKE_WEBHOOK_SECRET };
