import type { MailResult, QueueName } from '@lectern/contracts';
import { PermanentJobError, type JobHandlers } from '@lectern/queue-runtime';
import type { MailSender } from './mail-sender';
import type { MailStore } from './mail-store';
import { passwordChangedMail, passwordResetMail, verificationMail, type MailMessage } from './messages';

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
