import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/contracts/runtime';
import { createBillingRuntime } from './billing-runtime';
import { BillingEnvSchema } from './env';

void runWorkerProcess({
  queue: QueueName.Billing,
  envSchema: BillingEnvSchema,
  concurrency: (env) => env.BILLING_CONCURRENCY,
  setup: (env, logger) => Promise.resolve(createBillingRuntime(env, logger)),
});
