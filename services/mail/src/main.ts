import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { MailEnvSchema } from './env';
import { createMailRuntime } from './runtime';

void runWorkerProcess({
  queue: QueueName.Mail,
  envSchema: MailEnvSchema,
  concurrency: (env) => env.MAIL_CONCURRENCY,
  setup: createMailRuntime,
});
