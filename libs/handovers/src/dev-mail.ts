import { z } from 'zod';

/**
 * `DEV_MAIL_PAGE=1` (set by `npm run demo` and `npm run dev`, never in production) makes the mail worker keep the last mails it handled in a Redis list, newest first, so
 * `/dev/mail` can show them (with their links) on a machine without a mail server.
 */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail carries. */
  link: string;
  /** `sent` over SMTP, `logged` when no SMTP_URL is set. */
  delivery: 'sent' | 'logged';
  at: string;
}

export const DEV_MAIL_KEPT = 20;

export const DevMailEnvShape = {
  DEV_MAIL_PAGE: z
    .enum(['0', '1'], { error: 'must be 0 or 1' })
    .default('0')
    .transform((value) => value === '1'),
};

/**
 * Whether `/dev/mail` exists. It shows every user's links (password resets included), so it takes both an
 * explicit switch and a non-production NODE_ENV: a server started without NODE_ENV never serves it.
 */
export function devMailPageOn(env: { NODE_ENV: string; DEV_MAIL_PAGE: boolean }): boolean {
  return env.DEV_MAIL_PAGE && env.NODE_ENV !== 'production';
}

export function devMailKey(prefix: string): string {
  return `${prefix}:dev-mail`;
}
