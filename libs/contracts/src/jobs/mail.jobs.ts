import type { JobKind } from './common';

/**
 * The mail worker writes the link's token itself and stores only its hash: the token never travels through Redis
 * (nor shows in Bull Board), so the payloads are ids and addresses.
 */
export interface SendEmailVerificationData {
  userId: string;
}

/** Queued for every request, whether or not an account has that address: the worker finds out. */
export interface SendPasswordResetData {
  email: string;
}

export interface SendPasswordChangedData {
  userId: string;
}

export interface MailResult {
  /** `sent` over SMTP, `logged` with no SMTP_URL set, `skipped` when there is no one to write to. */
  outcome: 'sent' | 'logged' | 'skipped';
  /** The SMTP message id when sent. */
  messageId: string | null;
}

/** The jobs the mail worker handles. */
export interface MailJobs {
  'send-email-verification': JobKind<SendEmailVerificationData, MailResult>;
  'send-password-reset': JobKind<SendPasswordResetData, MailResult>;
  'send-password-changed': JobKind<SendPasswordChangedData, MailResult>;
}
