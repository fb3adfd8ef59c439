import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/contracts/runtime';
import { BillingEnvSchema } from './env';
import { createBillingHandlers } from './handlers';

void runWorkerProcess({
  queue: QueueName.Billing,
  envSchema: BillingEnvSchema,
  concurrency: (env) => env.BILLING_CONCURRENCY,
  setup: () => Promise.resolve({ handlers: createBillingHandlers() }),
});
