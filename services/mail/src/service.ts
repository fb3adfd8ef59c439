import { QueueName } from '@lectern/contracts';
import type { WorkerService } from '@lectern/queue-runtime';
import { MailEnvSchema } from './env';
import { createMailRuntime } from './runtime';

/** The mail worker service: run as a process of its own (main.ts) or beside the others in one process. */
export const mailWorker: WorkerService<typeof QueueName.Mail, typeof MailEnvSchema> = {
  queue: QueueName.Mail,
  envSchema: MailEnvSchema,
  concurrency: (env) => env.MAIL_CONCURRENCY,
  setup: createMailRuntime,
};
