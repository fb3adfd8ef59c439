import { BillingMessage, QueueName, laneQueueName, planChangedChannel } from '@lectern/contracts';
import {
  PermanentJobError,
  type JobHandlers,
  createRedis,
  jobOptionsFor,
  type Logger,
  quitRedis,
  runWorkerProcess,
  withinTime,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { BillingService } from './billing.service';
import { StripeEventReconciler } from './stripe-event-reconciler';
import { Queue } from 'bullmq';
import { BillingStore } from './billing-store';
import { type BillingEnv, BillingEnvSchema } from './env';
import { createStripeClient } from './stripe-client';

/** The billing worker's handlers; without a BillingService (no database wired) each answers 503. */
export function createBillingHandlers(
  billing: BillingService | null = null,
  reconciler: StripeEventReconciler | null = null,
): JobHandlers<typeof QueueName.Billing> {
  const service = (): BillingService => {
    if (!billing) throw new PermanentJobError(503, BillingMessage.NotConfigured);
    return billing;
  };
  return {
    'create-checkout-session': async (data) => service().createCheckoutSession(data),
    'create-portal-session': async (data) => service().createPortalSession(data),
    'process-webhook-event': async (data) => service().processWebhookEvent(data.eventId),
    'sync-subscription': async (data) => service().syncSubscription(data.subscriptionId),
    'sync-checkout-session': async (data) => service().syncCheckoutSession(data),
    'cancel-subscriptions': async (data) => service().cancelSubscriptions(data),
    'reconcile-stripe-events': async () => {
      if (!reconciler) throw new PermanentJobError(503, BillingMessage.NotConfigured);
      return reconciler.run();
    },
  };
}

// Read a little after the period ends, so Stripe's state and our clock both say it is over.
const PERIOD_END_MARGIN_MS = 1000;

/**
 * The billing worker's resources: PostgreSQL, the Stripe client, its own queue (delayed jobs) and pub/sub. It
 * registers the reconciler's repeat job: every billing worker process does, one job exists.
 */
export async function createBillingRuntime(
  config: BillingEnv,
  logger: Logger,
): Promise<WorkerRuntime<typeof QueueName.Billing>> {
  const store = new BillingStore({
    databaseUrl: config.DATABASE_URL,
    maxConnections: 5,
    onPoolError: (error) => logger.error({ err: error }, 'PostgreSQL connection error'),
  });
  const redis = createRedis(config);
  redis.on('error', () => undefined);
  // Delayed syncs go to the pro lane: they concern paying users.
  const queue = new Queue(laneQueueName(QueueName.Billing, 'pro'), {
    connection: redis,
    prefix: config.REDIS_PREFIX,
  });
  queue.on('error', () => undefined);

  const service = new BillingService({
    stripe: createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL),
    priceId: config.STRIPE_PRICE_ID,
    store,
    logger,
    publish: async (event) => {
      await redis.publish(planChangedChannel(config.REDIS_PREFIX), JSON.stringify(event));
    },
    scheduleSync: async (subscriptionId, at) => {
      const delay = Math.max(0, at.getTime() - Date.now()) + PERIOD_END_MARGIN_MS;
      await queue.add(
        'sync-subscription',
        { subscriptionId },
        jobOptionsFor(QueueName.Billing, { delay, jobId: `period-end.${subscriptionId}.${at.getTime()}` }),
      );
    },
  });

  const reconciler = new StripeEventReconciler({
    queue,
    store,
    logger,
    afterMs: config.STRIPE_RECONCILE_AFTER_MS,
  });
  const close = async (): Promise<void> => {
    reconciler.stop();
    // Bounded: after a Redis outage a close can wait on a reconnection that never completes.
    const closed = queue.close().then(
      () => true,
      () => true,
    );
    if (!(await withinTime(closed, 5_000))) await queue.disconnect().catch(() => undefined);
    await quitRedis(redis);
    await store.close();
  };
  try {
    await reconciler.start();
  } catch (error) {
    await close();
    throw error;
  }

  return { handlers: createBillingHandlers(service, reconciler), close };
}

/** The billing worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const billingWorker: WorkerService<typeof QueueName.Billing, typeof BillingEnvSchema> = {
  queue: QueueName.Billing,
  envSchema: BillingEnvSchema,
  concurrency: (env) => env.BILLING_CONCURRENCY,
  setup: createBillingRuntime,
};

if (require.main === module) void runWorkerProcess(billingWorker);
