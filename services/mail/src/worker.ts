import { type MailResult, QueueName } from '@lectern/contracts';
import {
  PermanentJobError,
  type JobHandlers,
  createRedis,
  type Logger,
  quitRedis,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { MailSender } from './mail-sender';
import { MailStore } from './mail-store';
import { passwordChangedMail, passwordResetMail, verificationMail, type MailMessage } from './messages';
import { devMailPageOn } from '@lectern/handovers';
import { mailConfig, type MailEnv, MailEnvSchema } from './env';

export interface MailHandlerDeps {
  store: MailStore;
  sender: MailSender;
  appUrl: string;
}

const skipped: MailResult = { outcome: 'skipped', messageId: null };

/**
 * Each attempt writes a new token before sending: a retry after a failed send mails a fresh link (the unsent
 * one was never seen and simply expires).
 */
export function createMailHandlers({
  store,
  sender,
  appUrl,
}: MailHandlerDeps): JobHandlers<typeof QueueName.Mail> {
  const deliver = async (to: string, message: MailMessage): Promise<MailResult> => {
    try {
      const { delivery, messageId } = await sender.send(to, message);
      return { outcome: delivery, messageId };
    } catch (error) {
      throw permanentIfRefused(error);
    }
  };
  return {
    'send-email-verification': async ({ userId }) => {
      const user = await store.findById(userId);
      if (!user || user.emailVerified) return skipped;
      return deliver(user.email, verificationMail(appUrl, await store.createToken(user.id, 'verify_email')));
    },
    // Queued for any address asked for: nothing is sent (nor told) when no account has it.
    'send-password-reset': async ({ email }) => {
      const user = await store.findByEmail(email);
      if (!user) return skipped;
      return deliver(
        user.email,
        passwordResetMail(appUrl, await store.createToken(user.id, 'reset_password')),
      );
    },
    'send-password-changed': async ({ userId }) => {
      const user = await store.findById(userId);
      if (!user) return skipped;
      return deliver(user.email, passwordChangedMail(appUrl));
    },
  };
}

/**
 * A mail server that refuses the recipient for good (5xx on the envelope) will refuse every retry too; anything
 * else (connection refused, timeouts, 4xx) is transient and retried with back-off.
 */
function permanentIfRefused(error: unknown): unknown {
  const smtp = error as { code?: string; responseCode?: number; message?: string };
  if (smtp.code === 'EENVELOPE' && (smtp.responseCode ?? 0) >= 500)
    return new PermanentJobError(
      422,
      `The mail server refused the recipient: ${smtp.message ?? 'no reason given'}`,
    );
  return error;
}

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
