import { QueueName } from '@lectern/contracts';
import {
  createRedis,
  type Logger,
  quitRedis,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { devMailPageOn } from '@lectern/handovers';
import { mailConfig, type MailEnv, MailEnvSchema } from './env';
import { createMailHandlers } from './handlers';
import { MailSender } from './mail-sender';
import { MailStore } from './mail-store';

/** The mail worker's resources: PostgreSQL (accounts, link tokens), SMTP, and with DEV_MAIL_PAGE the dev outbox. */
export function createMailRuntime(
  env: MailEnv,
  logger: Logger,
): Promise<WorkerRuntime<typeof QueueName.Mail>> {
  const config = mailConfig(env);
  const store = new MailStore({ databaseUrl: config.DATABASE_URL, maxConnections: 4 });
  const redis = devMailPageOn(config) ? createRedis(config) : null;
  redis?.on('error', () => undefined);
  const production = config.NODE_ENV === 'production';
  if (!config.SMTP_URL && production)
    logger.warn(
      'SMTP_URL is not set: no mail is sent (confirmations, password resets); set it to a mail server',
    );
  else if (!config.SMTP_URL)
    logger.info('SMTP_URL is not set: mails are written to this log instead of being sent');
  const sender = new MailSender({
    smtpUrl: config.SMTP_URL,
    requireTls: config.SMTP_REQUIRE_TLS,
    from: config.MAIL_FROM,
    logger,
    devOutbox: redis ? { redis, prefix: config.REDIS_PREFIX } : null,
    logLinks: !production,
  });
  return Promise.resolve({
    handlers: createMailHandlers({ store, sender, appUrl: config.APP_URL }),
    async close() {
      sender.close();
      if (redis) await quitRedis(redis);
      await store.close();
    },
  });
}

/** The mail worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const mailWorker: WorkerService<typeof QueueName.Mail, typeof MailEnvSchema> = {
  queue: QueueName.Mail,
  envSchema: MailEnvSchema,
  concurrency: (env) => env.MAIL_CONCURRENCY,
  setup: createMailRuntime,
};

if (require.main === module) void runWorkerProcess(mailWorker);
