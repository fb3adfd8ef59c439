import { parseEnv } from '@lectern/queue-runtime';
import { DEFAULT_MAIL_FROM, mailConfig, MailEnvSchema } from './env';

describe('mail worker configuration', () => {
  it('defaults to logging mails, from Lectern <no-reply@localhost>, with links to localhost:PORT', () => {
    const config = mailConfig(parseEnv(MailEnvSchema, { PORT: '4000' }));
    expect(config.SMTP_URL).toBeUndefined();
    expect(config).toMatchObject({
      MAIL_FROM: DEFAULT_MAIL_FROM,
      APP_URL: 'http://localhost:4000',
    });
    expect(DEFAULT_MAIL_FROM).toBe('Lectern <no-reply@localhost>');
  });

  it('takes smtp:// and smtps:// URLs and an APP_URL without its trailing slash', () => {
    const env = parseEnv(MailEnvSchema, {
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      APP_URL: 'https://lectern.example/',
    });
    expect(mailConfig(env)).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      APP_URL: 'https://lectern.example',
    });
  });

  it('refuses another scheme in one line, without showing the password', () => {
    expect(() => parseEnv(MailEnvSchema, { SMTP_URL: 'http://u:hunter2@mail.example.com' })).toThrow(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "http://***@mail.example.com")',
    );
  });

  it('requires TLS towards the mail server only when SMTP_REQUIRE_TLS is true', () => {
    expect(parseEnv(MailEnvSchema, {}).SMTP_REQUIRE_TLS).toBe(false);
    expect(parseEnv(MailEnvSchema, { SMTP_REQUIRE_TLS: 'true' }).SMTP_REQUIRE_TLS).toBe(true);
    expect(parseEnv(MailEnvSchema, { SMTP_REQUIRE_TLS: 'false' }).SMTP_REQUIRE_TLS).toBe(false);
    expect(() => parseEnv(MailEnvSchema, { SMTP_REQUIRE_TLS: 'yes please' })).toThrow(
      'SMTP_REQUIRE_TLS must be true or false',
    );
  });
});
