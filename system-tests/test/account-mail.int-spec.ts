import { AccountMessage } from '@lectern/contracts';
import { hashAccountToken } from '@lectern/db';
import { eventually } from './support/test-workers';
import {
  mailLane,
  mailsTo,
  PASSWORD,
  signUpWithMail,
  startAccountWorld,
  tokenIn,
  type AccountWorld,
} from './support/account-fixtures';
import { TEST_APP_URL, uniqueEmail } from '../../services/gateway/test/support';

const CONFIRM_SUBJECT = 'Confirm your email for Lectern';

describe('email confirmation over a real SMTP server', () => {
  const listedAdmin = uniqueEmail('owner');
  let world: AccountWorld;

  beforeAll(async () => {
    world = await startAccountWorld({ ADMIN_EMAILS: listedAdmin });
  });
  afterAll(() => world.close());

  it('mails a confirmation link after signup, in text and HTML, and the link confirms the email', async () => {
    const { browser, mail } = await signUpWithMail(world);
    expect(mail.from).toMatch(/^"?Lectern"? <no-reply@localhost>$/);
    const token = tokenIn(mail, '/verify-email');
    const link = `${TEST_APP_URL}/verify-email?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Lectern');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Lectern');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await browser.get('/api/auth/me')).body.emailVerified).toBe(false);
    const verified = await browser.post('/api/auth/verify-email').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: AccountMessage.EmailVerified });
    expect((await browser.get('/api/auth/me')).body.emailVerified).toBe(true);
  });

  it('stores only a SHA-256 of each token, with its purpose and a 24-hour expiry', async () => {
    const { userId, mail } = await signUpWithMail(world);
    const token = tokenIn(mail, '/verify-email');
    const rows = await world.db.query<{ token_hash: string; purpose: string; hours: number }[]>(
      `SELECT token_hash, purpose, extract(epoch FROM expires_at - created_at) / 3600 AS hours
         FROM user_tokens WHERE user_id = $1`,
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: hashAccountToken(token), purpose: 'verify_email' });
    expect(Number(rows[0]!.hours)).toBeCloseTo(24, 1);
    const stored = JSON.stringify(await world.db.query('SELECT * FROM user_tokens'));
    expect(stored).not.toContain(token);
  });

  it('refuses a link used twice, an expired one, one of another purpose and a made-up one, each clearly', async () => {
    const { browser, email, mail } = await signUpWithMail(world);
    const token = tokenIn(mail, '/verify-email');
    expect((await browser.post('/api/auth/verify-email').send({ token })).status).toBe(200);
    const again = await browser.post('/api/auth/verify-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: AccountMessage.UsedLink });

    const second = await signUpWithMail(world);
    const expiring = tokenIn(second.mail, '/verify-email');
    await world.db.query(
      `UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashAccountToken(expiring)],
    );
    const expired = await second.browser.post('/api/auth/verify-email').send({ token: expiring });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: AccountMessage.ExpiredLink });
    expect((await second.browser.get('/api/auth/me')).body.emailVerified).toBe(false);

    // A reset link is no confirmation link, and a confirmation link resets no password.
    await world.gateway.http().post('/api/auth/forgot-password').send({ email });
    const resetMail = await world.smtp.waitForMail(email, (m) => m.subject === 'Reset your Lectern password');
    const resetToken = tokenIn(resetMail, '/reset-password');
    const crossed = await browser.post('/api/auth/verify-email').send({ token: resetToken });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual({ message: AccountMessage.InvalidLink });
    const third = await signUpWithMail(world);
    const reverse = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .send({ token: tokenIn(third.mail, '/verify-email'), password: 'a new password' });
    expect(reverse.status).toBe(400);
    expect(reverse.body).toEqual({ message: AccountMessage.InvalidLink });
    // Neither was spent by the wrong use.
    expect(
      (
        await third.browser
          .post('/api/auth/verify-email')
          .send({ token: tokenIn(third.mail, '/verify-email') })
      ).status,
    ).toBe(200);

    const madeUp = await browser.post('/api/auth/verify-email').send({ token: 'x'.repeat(43) });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body).toEqual({ message: AccountMessage.InvalidLink });
    const missing = await browser.post('/api/auth/verify-email').send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'The link is missing its token.' });
  });

  it('sends another confirmation email on request, three an hour', async () => {
    const { browser, email } = await signUpWithMail(world);
    for (let i = 0; i < 3; i += 1) {
      const resent = await browser.post('/api/auth/resend-verification');
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ message: AccountMessage.VerificationSent });
    }
    const refused = await browser.post('/api/auth/resend-verification');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: AccountMessage.TooManyVerificationEmails });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The signup's mail and three more; the newest link works.
    await eventually(
      () => Promise.resolve(mailsTo(world, email, CONFIRM_SUBJECT).length),
      (count) => count === 4,
    );
    const newest = mailsTo(world, email, CONFIRM_SUBJECT).at(-1)!;
    expect(
      (await browser.post('/api/auth/verify-email').send({ token: tokenIn(newest, '/verify-email') })).status,
    ).toBe(200);
    const already = await browser.post('/api/auth/resend-verification');
    expect(already.body).toEqual({ message: AccountMessage.AlreadyVerified });
    expect((await world.gateway.http().post('/api/auth/resend-verification')).status).toBe(401);
  });

  it('makes an ADMIN_EMAILS address an admin only once its owner follows the mailed link', async () => {
    const { browser, mail } = await signUpWithMail(world, listedAdmin);
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ role: 'user', emailVerified: false });
    expect((await browser.get('/admin/queues/api/queues')).status).toBe(404);
    await browser.post('/api/auth/verify-email').send({ token: tokenIn(mail, '/verify-email') });
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await browser.get('/admin/queues/api/queues')).status).toBe(200);
    const [row] = await world.db.query<{ role: string }[]>('SELECT role FROM users WHERE email = $1', [
      listedAdmin,
    ]);
    expect(row!.role).toBe('admin');
  });

  it('shows a mail the server refused for good as a failed job in Bull Board', async () => {
    const admin = world.gateway.browser();
    await admin.post('/api/auth/login').send({ email: listedAdmin, password: PASSWORD });
    expect((await admin.get('/api/auth/me')).body.role).toBe('admin');
    const bounced = uniqueEmail('bounced');
    world.smtp.refusedRecipients.add(bounced);
    expect(
      (await world.gateway.http().post('/api/auth/signup').send({ email: bounced, password: PASSWORD }))
        .status,
    ).toBe(201);
    const lane = mailLane(world);
    const failed = await eventually(
      () => lane.getFailed(),
      (jobs) => jobs.some((job) => job.name === 'send-email-verification'),
    );
    expect(failed[0]!.failedReason).toMatch(/refused the recipient/);
    const board = await admin.get(`/admin/queues/api/queues?activeQueue=${lane.name}&status=failed&page=1`);
    const shown = (board.body.queues as { name: string; jobs: { name: string }[] }[]).find(
      (q) => q.name === lane.name,
    )!;
    expect(shown.jobs.map((job) => job.name)).toContain('send-email-verification');
  });
});
