import { z } from 'zod';
import { BaseEnvSchema, DatabaseEnvShape, concurrencySetting } from '@lectern/queue-runtime';
import { DevMailEnvShape } from '@lectern/handovers';

export const DEFAULT_MAIL_FROM = 'Lectern <no-reply@localhost>';

export const MailEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  ...DevMailEnvShape,
  /** Only for APP_URL's default, which must be the gateway's. */
  PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').default(3000),
  APP_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL (the public address of Lectern)',
    })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…` (implicit TLS); unset: mails are logged. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** `true`: the mail server must start TLS (STARTTLS) before anything is sent; nothing goes in clear text. */
  SMTP_REQUIRE_TLS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'must be an address, e.g. "Lectern <no-reply@example.com>"')
    .default(DEFAULT_MAIL_FROM),
  MAIL_CONCURRENCY: concurrencySetting(4),
});
export type MailEnv = z.infer<typeof MailEnvSchema>;

/** The mail worker's settings, APP_URL resolved. */
export interface MailConfig extends Pick<
  MailEnv,
  | 'NODE_ENV'
  | 'DEV_MAIL_PAGE'
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'REDIS_PREFIX'
  | 'SMTP_URL'
  | 'SMTP_REQUIRE_TLS'
  | 'MAIL_FROM'
> {
  /** The public address links point at. */
  APP_URL: string;
}

export function mailConfig(env: MailEnv): MailConfig {
  return { ...env, APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}` };
}
