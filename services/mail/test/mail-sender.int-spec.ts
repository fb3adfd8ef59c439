import { Writable } from 'node:stream';
import pino from 'pino';
import { type DevMail, devMailKey } from '@lectern/handovers';
import { Redis } from 'ioredis';
import { MailSender } from '../src/mail-sender';
import { passwordResetMail } from '../src/messages';
import { linkTo, startTestSmtpServer } from './support/test-smtp-server';

const prefix = `lectern-test-mail-${process.pid}-${Date.now()}`;

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('MailSender', () => {
  const redis = new Redis(process.env.LECTERN_TEST_REDIS_URL!);
  afterAll(async () => {
    await redis.del(devMailKey(prefix));
    redis.disconnect();
  });

  it('without SMTP_URL writes each mail with its link to the log at info, and keeps it for /dev/mail', async () => {
    const { logger, lines } = capturingLogger();
    const sender = new MailSender({
      smtpUrl: undefined,
      requireTls: false,
      from: 'Lectern <no-reply@localhost>',
      logger,
      devOutbox: { redis, prefix },
      logLinks: true,
    });
    const message = passwordResetMail('http://localhost:3000', 'tok_123');
    expect(await sender.send('ada@example.com', message)).toEqual({ delivery: 'logged', messageId: null });
    const line = lines.find((l) => l.link === 'http://localhost:3000/reset-password?token=tok_123');
    expect(line).toMatchObject({ level: 30, to: 'ada@example.com', subject: 'Reset your Lectern password' });
    expect(String(line!.msg)).toContain('http://localhost:3000/reset-password?token=tok_123');
    const [kept] = (await redis.lrange(devMailKey(prefix), 0, 0)).map(
      (entry) => JSON.parse(entry) as DevMail,
    );
    expect(kept).toMatchObject({ to: 'ada@example.com', link: message.link, delivery: 'logged' });
  });

  it('without SMTP_URL in production logs a warning without the link: a reset link in a log is an account', async () => {
    const { logger, lines } = capturingLogger();
    const sender = new MailSender({
      smtpUrl: undefined,
      requireTls: false,
      from: 'Lectern <no-reply@localhost>',
      logger,
      devOutbox: null,
      logLinks: false,
    });
    const message = passwordResetMail('https://lectern.example', 'tok_secret');
    expect(await sender.send('ada@example.com', message)).toEqual({ delivery: 'logged', messageId: null });
    expect(JSON.stringify(lines)).not.toContain('tok_secret');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, to: 'ada@example.com', subject: 'Reset your Lectern password' }),
    );
  });

  it('sends over SMTP with the credentials of SMTP_URL, MAIL_FROM as the sender, a text and an HTML part', async () => {
    const smtp = await startTestSmtpServer();
    try {
      const { logger } = capturingLogger();
      const url = `smtp://lectern:s3cret@127.0.0.1:${smtp.port}`;
      const sender = new MailSender({
        smtpUrl: url,
        requireTls: false,
        from: 'Study Desk <desk@school.example>',
        logger,
        devOutbox: null,
        logLinks: true,
      });
      const result = await sender.send(
        'grace@example.com',
        passwordResetMail('https://lectern.example', 'abc'),
      );
      expect(result.delivery).toBe('sent');
      expect(result.messageId).toMatch(/^<.+>$/);
      const mail = await smtp.waitForMail('grace@example.com');
      expect(mail.authUser).toBe('lectern');
      expect(mail.from).toMatch(/^"?Study Desk"? <desk@school\.example>$/);
      expect(linkTo(mail, '/reset-password').href).toBe('https://lectern.example/reset-password?token=abc');
      expect(mail.html).toContain('href="https://lectern.example/reset-password?token=abc"');
      sender.close();
    } finally {
      await smtp.close();
    }
  });

  describe('with TLS required', () => {
    // The test server offers no STARTTLS, as a server behind an attacker who strips it from EHLO would not.
    it.each([
      ['SMTP_REQUIRE_TLS', (port: number) => `smtp://lectern:s3cret@127.0.0.1:${port}`, true],
      [
        'requireTLS in SMTP_URL',
        (port: number) => `smtp://lectern:s3cret@127.0.0.1:${port}?requireTLS=true`,
        false,
      ],
    ])('by %s, sends nothing in clear text and says why', async (_how, urlOf, requireTls) => {
      const smtp = await startTestSmtpServer();
      const { logger } = capturingLogger();
      const sender = new MailSender({
        smtpUrl: urlOf(smtp.port),
        requireTls,
        from: 'Lectern <no-reply@school.example>',
        logger,
        devOutbox: null,
        logLinks: true,
      });
      try {
        const sending = sender.send('grace@example.com', passwordResetMail('https://lectern.example', 'abc'));
        await expect(sending).rejects.toThrow(
          `The mail server at 127.0.0.1:${smtp.port} did not start TLS, and TLS is required (SMTP_REQUIRE_TLS, or requireTLS in SMTP_URL): the mail was not sent in clear text.`,
        );
        expect(smtp.mails).toHaveLength(0);
      } finally {
        sender.close();
        await smtp.close();
      }
    });

    it('is not asked for by default: the same server gets the mail', async () => {
      const smtp = await startTestSmtpServer();
      const { logger } = capturingLogger();
      const sender = new MailSender({
        smtpUrl: smtp.url,
        requireTls: false,
        from: 'Lectern <no-reply@school.example>',
        logger,
        devOutbox: null,
        logLinks: true,
      });
      try {
        await sender.send('grace@example.com', passwordResetMail('https://lectern.example', 'abc'));
        expect((await smtp.waitForMail('grace@example.com')).subject).toBe('Reset your Lectern password');
      } finally {
        sender.close();
        await smtp.close();
      }
    });
  });
});
