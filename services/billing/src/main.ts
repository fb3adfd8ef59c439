import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { BillingEnvSchema } from './env';
import { createBillingRuntime } from './runtime';

void runWorkerProcess({
  queue: QueueName.Billing,
  envSchema: BillingEnvSchema,
  concurrency: (env) => env.BILLING_CONCURRENCY,
  setup: createBillingRuntime,
});
