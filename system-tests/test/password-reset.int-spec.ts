import { AccountMessage } from '@lectern/contracts';
import { hashAccountToken } from '@lectern/db';
import { performance } from 'node:perf_hooks';
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
import { eventually } from './support/test-workers';

const RESET_SUBJECT = 'Reset your Lectern password';
const CHANGED_SUBJECT = 'Your password was changed';
const IP_LIMIT = 60;

let nextIp = 1;
/** Each caller its own address (TRUST_PROXY=1 reads X-Forwarded-For), so per-IP limits stay out of the way. */
const freshIp = () => `198.51.100.${nextIp++ % 250}`;

describe('password reset', () => {
  let world: AccountWorld;

  beforeAll(async () => {
    world = await startAccountWorld({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_IP: String(IP_LIMIT) });
  });
  afterAll(() => world.close());

  const forgot = (email: string, ip = freshIp()) =>
    world.gateway.http().post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });

  async function resetLink(email: string): Promise<string> {
    const before = mailsTo(world, email, RESET_SUBJECT).length;
    expect((await forgot(email)).status).toBe(200);
    await eventually(
      () => Promise.resolve(mailsTo(world, email, RESET_SUBJECT).length),
      (count) => count > before,
    );
    return tokenIn(mailsTo(world, email, RESET_SUBJECT).at(-1)!, '/reset-password');
  }

  it('answers an existing and a missing email identically, and mails only the existing one', async () => {
    const { email } = await signUpWithMail(world);
    const missing = uniqueEmail('nobody');
    const [known, unknown] = [await forgot(email), await forgot(missing)];
    expect(unknown.status).toBe(known.status);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: AccountMessage.ResetLinkSent });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const mail = await world.smtp.waitForMail(email, (m) => m.subject === RESET_SUBJECT);
    const token = tokenIn(mail, '/reset-password');
    expect(mail.text).toContain(`${TEST_APP_URL}/reset-password?token=${token}`);
    expect(mail.html).toContain(`href="${TEST_APP_URL}/reset-password?token=${token}"`);
    // The missing address got a job too (the same work), which the worker skipped.
    const jobs = await eventually(
      () => mailLane(world).getCompleted(),
      (done) => done.some((job) => job.data.email === missing),
    );
    expect(jobs.find((job) => job.data.email === missing)!.returnvalue).toEqual({
      outcome: 'skipped',
      messageId: null,
    });
    expect(world.smtp.mails.some((m) => m.to.includes(missing))).toBe(false);
    const [row] = await world.db.query<{ hours: number }[]>(
      `SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM user_tokens WHERE token_hash = $1`,
      [hashAccountToken(token)],
    );
    expect(Number(row!.hours)).toBeCloseTo(1, 2);
  });

  it('takes the same time for an existing and a missing email (ratio of medians within noise)', async () => {
    const existing: string[] = [];
    for (let i = 0; i < 11; i += 1) existing.push((await signUpWithMail(world)).email);
    const time = async (email: string) => {
      const started = performance.now();
      const response = await forgot(email);
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    // The mail worker shares this test's process (in production it is a process of its own): held while
    // timing, so that only the request's own work is measured.
    const lanes = [mailLane(world, 'free'), mailLane(world, 'pro')];
    await Promise.all(lanes.map((lane) => lane.pause()));
    const known: number[] = [];
    const unknown: number[] = [];
    try {
      // Interleaved, each first in turn, so load on the machine falls on both alike.
      for (const [i, email] of existing.entries()) {
        const missing = uniqueEmail('nobody');
        if (i % 2 === 0) {
          known.push(await time(email));
          unknown.push(await time(missing));
        } else {
          unknown.push(await time(missing));
          known.push(await time(email));
        }
      }
    } finally {
      await Promise.all(lanes.map((lane) => lane.resume()));
    }
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('limits requests per email and per address', async () => {
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 5; i += 1) expect((await forgot(email)).status).toBe(200);
    const sixth = await forgot(email);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i <= IP_LIMIT; i += 1) statuses.push((await forgot(uniqueEmail('spray'), ip)).status);
    expect(statuses.slice(0, IP_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[IP_LIMIT]).toBe(429);
  });

  it('sets the new password, signs this browser in, ends every other session and sends a notice', async () => {
    const { email, browser: otherDevice } = await signUpWithMail(world);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(200);
    const token = await resetLink(email);

    const here = world.gateway.browser();
    const reset = await here
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token, password: 'a brand new password' });
    expect(reset.status).toBe(200);
    // The link proved the address.
    expect(reset.body).toMatchObject({ email, emailVerified: true });
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);

    const login = (password: string) =>
      world.gateway
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', freshIp())
        .send({ email, password });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login('a brand new password')).status).toBe(200);

    const notice = await world.smtp.waitForMail(email, (m) => m.subject === CHANGED_SUBJECT);
    expect(notice.text).toContain('Lectern');
    expect(notice.text).toContain(`${TEST_APP_URL}/forgot-password`);
    expect(notice.html).toContain(`href="${TEST_APP_URL}/forgot-password"`);

    const again = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token, password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: AccountMessage.UsedLink });
  });

  it('stops every other reset link of the account once one is used, and refuses an expired one', async () => {
    const { email } = await signUpWithMail(world);
    const first = await resetLink(email);
    const second = await resetLink(email);
    const used = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token: second, password: 'another good password' });
    expect(used.status).toBe(200);
    const stale = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token: first, password: 'one more password' });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: AccountMessage.UsedLink });

    const third = await resetLink(email);
    await world.db.query(
      `UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashAccountToken(third)],
    );
    const expired = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token: third, password: 'one more password' });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: AccountMessage.ExpiredLink });
  });

  it('two links of one account used at the same moment: one sets the password, the other is refused, never a 500', async () => {
    // The two transactions must meet for the clash to show; a dozen rounds make that near certain.
    for (let round = 0; round < 12; round += 1) {
      const { email } = await signUpWithMail(world);
      const first = await resetLink(email);
      const second = await resetLink(email);
      const reset = (token: string, password: string) =>
        world.gateway
          .http()
          .post('/api/auth/reset-password')
          .set('X-Forwarded-For', freshIp())
          .send({ token, password });
      const answers = await Promise.all([
        reset(first, 'first new password'),
        reset(second, 'second new password'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.status === 400)?.body).toEqual({
        message: AccountMessage.UsedLink,
      });
    }
  });

  it('a link mailed before the password was changed, or before signing out everywhere, no longer works', async () => {
    const { email, browser } = await signUpWithMail(world);
    const beforeChange = await resetLink(email);
    await browser
      .post('/api/auth/change-password')
      .send({ currentPassword: PASSWORD, newPassword: 'a fresh password' })
      .expect(200);
    const beforeSignOut = await resetLink(email);
    await browser.post('/api/auth/logout-all').expect(200);
    for (const token of [beforeChange, beforeSignOut]) {
      const answer = await world.gateway
        .http()
        .post('/api/auth/reset-password')
        .set('X-Forwarded-For', freshIp())
        .send({ token, password: 'an attacker password' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: AccountMessage.UsedLink });
    }
  });

  it('applies the signup rules to the new password, and keeps the link for a second try', async () => {
    const { email } = await signUpWithMail(world);
    const token = await resetLink(email);
    const short = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters long.' });
    const fine = await world.gateway
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', freshIp())
      .send({ token, password: 'long enough now' });
    expect(fine.status).toBe(200);
  });

  it('refuses a malformed email with a clear message', async () => {
    const response = await forgot('not an email');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please enter a valid email address.' });
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
