import type { Logger, RedisConnection } from '@lectern/queue-runtime';
import { DEV_MAIL_KEPT, type DevMail, devMailKey } from '@lectern/handovers';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from './messages';

export interface Delivery {
  delivery: 'sent' | 'logged';
  messageId: string | null;
}

export interface MailSenderOptions {
  smtpUrl: string | undefined;
  /**
   * SMTP_REQUIRE_TLS: an smtp:// server must start TLS (STARTTLS) or nothing is sent; without it a server (or
   * someone in between) that offers no STARTTLS gets the mail, with its links, in clear text.
   * `?requireTLS=true` in SMTP_URL asks the same.
   */
  requireTls: boolean;
  from: string;
  logger: Logger;
  /** With DEV_MAIL_PAGE: keeps the last mails in Redis for `/dev/mail`. */
  devOutbox: { redis: RedisConnection; prefix: string } | null;
  /**
   * Without SMTP_URL, whether the log may carry each mail's link. Never in production: a reset link in a log is
   * an account for whoever reads the log.
   */
  logLinks: boolean;
}

/**
 * SMTP_URL with TLS required when SMTP_REQUIRE_TLS says so. Set in the URL itself, since nodemailer lets the
 * URL's own options win over the ones passed beside it (a `?requireTLS=false` there must not undo the variable).
 */
function smtpUrlFor(smtpUrl: string, requireTls: boolean): string {
  if (!requireTls) return smtpUrl;
  const url = new URL(smtpUrl);
  url.searchParams.set('requireTLS', 'true');
  return url.toString();
}

/** nodemailer's "Error upgrading connection with STARTTLS: 500 …", said so an operator knows what to change. */
function clearTlsError(error: unknown, smtpUrl: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ETLS') return error;
  const { host } = new URL(smtpUrl);
  return new Error(
    `The mail server at ${host} did not start TLS, and TLS is required (SMTP_REQUIRE_TLS, or requireTLS in ` +
      `SMTP_URL): the mail was not sent in clear text.`,
    { cause: error },
  );
}

// A mail server that does not answer fails the attempt soon, so the job is retried instead of hanging.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends over SMTP, or without SMTP_URL writes the mail (with its link) to the log at info so a developer can
 * follow it. SMTP errors are thrown for the queue to retry.
 */
export class MailSender {
  private readonly transport: Transporter | null;

  constructor(private readonly options: MailSenderOptions) {
    this.transport = options.smtpUrl
      ? createTransport({ url: smtpUrlFor(options.smtpUrl, options.requireTls), ...SMTP_TIMEOUTS })
      : null;
  }

  async send(to: string, message: MailMessage): Promise<Delivery> {
    let result: Delivery;
    if (this.transport) {
      const info = (await this.transport
        .sendMail({
          from: this.options.from,
          to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .catch((error: unknown) => {
          throw clearTlsError(error, this.options.smtpUrl!);
        })) as { messageId?: string };
      result = { delivery: 'sent', messageId: info.messageId ?? null };
      this.options.logger.info({ to, subject: message.subject }, 'mail sent');
    } else if (this.options.logLinks) {
      result = { delivery: 'logged', messageId: null };
      this.options.logger.info(
        { to, subject: message.subject, link: message.link },
        `mail not sent (no SMTP_URL): "${message.subject}" to ${to}: ${message.link}`,
      );
    } else {
      result = { delivery: 'logged', messageId: null };
      this.options.logger.warn(
        { to, subject: message.subject },
        `mail not sent (no SMTP_URL): "${message.subject}" to ${to}; set SMTP_URL to deliver it`,
      );
    }
    await this.keepForDevelopers(to, message, result.delivery);
    return result;
  }

  private async keepForDevelopers(to: string, message: MailMessage, delivery: DevMail['delivery']) {
    const outbox = this.options.devOutbox;
    if (!outbox) return;
    const entry: DevMail = {
      to,
      subject: message.subject,
      text: message.text,
      link: message.link,
      delivery,
      at: new Date().toISOString(),
    };
    const key = devMailKey(outbox.prefix);
    await outbox.redis
      .multi()
      .lpush(key, JSON.stringify(entry))
      .ltrim(key, 0, DEV_MAIL_KEPT - 1)
      .exec()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'could not keep the mail for /dev/mail'),
      );
  }

  close(): void {
    this.transport?.close();
  }
}
