import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { createBillingRuntime } from './billing-runtime';
import { BillingEnvSchema } from './env';

void runWorkerProcess({
  queue: QueueName.Billing,
  envSchema: BillingEnvSchema,
  concurrency: (env) => env.BILLING_CONCURRENCY,
  setup: async (env, logger) => {
    const runtime = createBillingRuntime(env, logger);
    await runtime.start();
    return runtime;
  },
});
