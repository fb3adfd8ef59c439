import { QueueName } from '@lectern/contracts';
import type { WorkerService } from '@lectern/queue-runtime';
import { BillingEnvSchema } from './env';
import { createBillingRuntime } from './runtime';

/** The billing worker service: run as a process of its own (main.ts) or beside the others in one process. */
export const billingWorker: WorkerService<typeof QueueName.Billing, typeof BillingEnvSchema> = {
  queue: QueueName.Billing,
  envSchema: BillingEnvSchema,
  concurrency: (env) => env.BILLING_CONCURRENCY,
  setup: createBillingRuntime,
};
