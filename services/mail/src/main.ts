import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { mailConfig, MailEnvSchema } from './env';
import { createMailRuntime } from './mail-runtime';

void runWorkerProcess({
  queue: QueueName.Mail,
  envSchema: MailEnvSchema,
  concurrency: (env) => env.MAIL_CONCURRENCY,
  setup: (env, logger) => Promise.resolve(createMailRuntime(mailConfig(env), logger)),
});
