/**
 * Outside production the mail worker keeps the last mails it handled in a Redis list, newest first, so
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

export function devMailKey(prefix: string): string {
  return `${prefix}:dev-mail`;
}
