import { DataSource } from 'typeorm';
import {
  confirmEmail,
  sessionCookie,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from './support/test-gateway';
import { EMAIL_CEILING_HOLD_MS } from '../src/auth/auth-rate-limiter';

describe('accounts and sessions', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ ADMIN_EMAILS: 'Head.Teacher@Example.com' });
  });
  afterAll(() => gateway.close());

  it('signs up, reads the session, logs out, and logs back in with a new session id', async () => {
    const browser = gateway.browser();
    const email = uniqueEmail();

    const signup = await browser
      .post('/api/auth/signup')
      .send({ email, password: 'correct horse', name: 'Ada' });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ email, name: 'Ada', plan: 'free', role: 'user' });
    expect(signup.body).not.toHaveProperty('passwordHash');
    const signupCookie = sessionCookie(signup);
    expect(signupCookie).toBeDefined();

    const me = await browser.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const logout = await browser.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    // Someone who kept a copy of the old cookie gets nothing from it.
    const replay = await gateway.http().get('/api/auth/me').set('Cookie', signupCookie!);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Please sign in to continue.' });

    const login = await browser.post('/api/auth/login').send({ email, password: 'correct horse' });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
    expect(sessionCookie(login)).toBeDefined();
    expect(sessionCookie(login)).not.toEqual(signupCookie);
    expect((await browser.get('/api/auth/me')).body.email).toBe(email);
  });

  it('gives a different session id at login than the one the visitor had before (no fixation)', async () => {
    const email = uniqueEmail();
    await gateway.http().post('/api/auth/signup').send({ email, password: 'correct horse' });
    const first = await gateway.http().post('/api/auth/login').send({ email, password: 'correct horse' });
    const planted = sessionCookie(first)!;
    const second = await gateway
      .http()
      .post('/api/auth/login')
      .set('Cookie', planted)
      .send({ email, password: 'correct horse' });
    expect(second.status).toBe(200);
    expect(sessionCookie(second)).toBeDefined();
    expect(sessionCookie(second)).not.toEqual(planted);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail(), password: 'correct horse' });
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('stores emails trimmed and lower-cased, and refuses the same email in another case (409)', async () => {
    const email = uniqueEmail('Case');
    const first = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: `  ${email.toUpperCase()} `, password: 'correct horse' });
    expect(first.status).toBe(201);
    expect(first.body.email).toBe(email.toLowerCase());
    const again = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: ` ${email} `, password: 'another horse' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'An account with this email already exists.' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'correct horse' }, 'Please enter a valid email address.'],
    [{ email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters long.'],
    [
      { email: 'a@example.com', password: 'x'.repeat(1025) },
      'Password must be at most 1024 characters long.',
    ],
    [
      { email: 'a@example.com', password: 'correct horse', name: 'n'.repeat(101) },
      'Name must be at most 100 characters long.',
    ],
    [{ password: 'correct horse' }, 'Email is required.'],
  ])('refuses an invalid signup with 400: %j', async (body, message) => {
    const response = await gateway.http().post('/api/auth/signup').send(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('answers an unknown email and a wrong password alike, in about the same time', async () => {
    const email = uniqueEmail();
    await gateway.http().post('/api/auth/signup').send({ email, password: 'correct horse' });

    const timed = async (body: object) => {
      const started = process.hrtime.bigint();
      const response = await gateway.http().post('/api/auth/login').send(body);
      return { response, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    // Alternating the two kinds of attempt exposes both to the same load; medians ignore a stall or two.
    type Timed = Awaited<ReturnType<typeof timed>>;
    const wrongRuns: Timed[] = [];
    const unknownRuns: Timed[] = [];
    for (let i = 0; i < 7; i += 1) {
      wrongRuns.push(await timed({ email, password: 'wrong horse' }));
      unknownRuns.push(await timed({ email: uniqueEmail('nobody'), password: 'wrong horse' }));
    }
    const median = (runs: Timed[]) => [...runs].sort((a, b) => a.ms - b.ms)[3]!;
    const wrong = median(wrongRuns);
    const unknown = median(unknownRuns);
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.response.body).toEqual({ message: 'Invalid email or password.' });
    expect(unknown.response.body).toEqual(wrong.response.body);
    // Both pay for one argon2 verification; a missing one would make the unknown email several times faster.
    expect(unknown.ms).toBeGreaterThan(wrong.ms * 0.3);
  });

  it('stores an argon2id hash that shows its parameters, never the password', async () => {
    const email = uniqueEmail();
    await gateway.http().post('/api/auth/signup').send({ email, password: 'correct horse' });
    const [row] = await gateway.app
      .get(DataSource)
      .query<{ password_hash: string }[]>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row!.password_hash).not.toContain('correct horse');
  });

  it('gives the admin role to an address in ADMIN_EMAILS only once it is confirmed', async () => {
    const browser = gateway.browser();
    const response = await browser
      .post('/api/auth/signup')
      .send({ email: 'head.teacher@example.com', password: 'correct horse' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ role: 'user', emailVerified: false });
    await confirmEmail(gateway, 'head.teacher@example.com');
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('saves the profile name', async () => {
    const browser = gateway.browser();
    await browser
      .post('/api/auth/signup')
      .send({ email: uniqueEmail(), password: 'correct horse', name: 'Old' });
    const patched = await browser.patch('/api/auth/me').send({ name: '  Grace Hopper ' });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe('Grace Hopper');
    expect((await browser.get('/api/auth/me')).body.name).toBe('Grace Hopper');
  });
});

describe('login and signup rate limits', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ AUTH_RATE_LIMIT_EMAIL: '3', AUTH_RATE_LIMIT_IP: '12' });
  });
  afterAll(() => gateway.close());

  it('answers 429 after too many attempts for one email', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await gateway.http().post('/api/auth/login').send({ email, password: 'wrong horse' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await gateway.http().post('/api/auth/login').send({ email, password: 'wrong horse' });
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // The wait in seconds, for clients and proxies; within the 15-minute window.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('answers 429 after too many requests from one address, whatever the email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(
        (await gateway.http().post('/api/auth/signup').send({ email: uniqueEmail(), password: 'short' }))
          .status,
      );
    }
    // The previous test's 3 failed logins count against the address's 12; its refused attempts do not.
    expect(statuses).toEqual([...Array<number>(9).fill(400), 429]);
  });
});

describe('login throttling by email and address together', () => {
  let gateway: TestGateway;
  const from = (ip: string) => ({
    login: (email: string, password: string) =>
      gateway.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password }),
    signup: (email: string) =>
      gateway
        .http()
        .post('/api/auth/signup')
        .set('X-Forwarded-For', ip)
        .send({ email, password: 'correct horse' }),
  });
  const statusesOf = async (count: number, attempt: () => Promise<{ status: number }>) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await attempt()).status);
    return statuses;
  };

  beforeAll(async () => {
    gateway = await startTestGateway({
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_EMAIL: '3',
      AUTH_RATE_LIMIT_IP: '6',
    });
  });
  afterAll(() => gateway.close());

  it('lets the user sign in from their address while an attacker is locked out of theirs', async () => {
    const email = uniqueEmail('victim');
    expect((await from('198.51.100.1').signup(email)).status).toBe(201);
    const attacker = from('203.0.113.66');
    expect(await statusesOf(4, () => attacker.login(email, 'wrong horse'))).toEqual([401, 401, 401, 429]);
    const user = await from('198.51.100.1').login(email, 'correct horse');
    expect(user.status).toBe(200);
    expect(user.body.email).toBe(email);
    // The attacker's address stays locked for this email, even with the right password.
    expect((await attacker.login(email, 'correct horse')).status).toBe(429);
  });

  it('does not count successful logins, and forgets a user’s typos once they get it right', async () => {
    const email = uniqueEmail('regular');
    const home = from('198.51.100.2');
    expect((await home.signup(email)).status).toBe(201);
    expect(await statusesOf(8, () => home.login(email, 'correct horse'))).toEqual(Array(8).fill(200));
    expect(await statusesOf(2, () => home.login(email, 'wrong horse'))).toEqual([401, 401]);
    expect((await home.login(email, 'correct horse')).status).toBe(200);
    expect(await statusesOf(3, () => home.login(email, 'wrong horse'))).toEqual([401, 401, 401]);
    expect((await home.login(email, 'correct horse')).status).toBe(429);
  });

  it('stops one address guessing across many emails at AUTH_RATE_LIMIT_IP failures', async () => {
    const guesser = from('203.0.113.7');
    const statuses = await statusesOf(7, () => guesser.login(uniqueEmail('someone'), 'wrong horse'));
    expect(statuses).toEqual([...Array<number>(6).fill(401), 429]);
  });

  it('keeps checking passwords for an email failed from many addresses, holding each attempt first', async () => {
    const email = uniqueEmail('target');
    const home = from('198.51.100.3');
    expect((await home.signup(email)).status).toBe(201);
    // Ten addresses spend the email's whole budget (ten times AUTH_RATE_LIMIT_EMAIL)...
    for (let i = 0; i < 10; i += 1) {
      const attacker = from(`192.0.2.${i + 1}`);
      expect(await statusesOf(3, () => attacker.login(email, 'wrong horse'))).toEqual([401, 401, 401]);
    }
    // ...after which an attempt is still checked, but only once it has been held.
    const started = Date.now();
    expect((await from('192.0.2.11').login(email, 'wrong horse')).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(EMAIL_CEILING_HOLD_MS - 50);
    // The owner's right password still signs in: nobody can lock them out by failing for them.
    const owner = await from('198.51.100.99').login(email, 'correct horse');
    expect(owner.status).toBe(200);
    expect(owner.body.email).toBe(email);
    // Each address keeps its own budget for the email.
    expect((await from('192.0.2.1').login(email, 'correct horse')).status).toBe(429);
  });

  it('counts the addresses of one IPv6 /64 as one, and an IPv4-mapped address as its IPv4 address', async () => {
    const sameNetwork = await statusesOf(7, async () => {
      const host = Math.floor(Math.random() * 0xffff).toString(16);
      return from(`2001:db8:77:1:${host}::${host}`).login(uniqueEmail('someone'), 'wrong horse');
    });
    expect(sameNetwork).toEqual([...Array<number>(6).fill(401), 429]);
    // The next /64 has a budget of its own.
    expect((await from('2001:db8:77:2::1').login(uniqueEmail('someone'), 'wrong horse')).status).toBe(401);

    expect(await statusesOf(3, () => from('203.0.113.40').login(uniqueEmail(), 'wrong horse'))).toEqual([
      401, 401, 401,
    ]);
    const mapped = await statusesOf(4, () => from('::ffff:203.0.113.40').login(uniqueEmail(), 'wrong horse'));
    expect(mapped).toEqual([401, 401, 401, 429]);
  });

  it('counts one email from the addresses of one IPv6 /64 as from one address', async () => {
    const email = uniqueEmail('victim6');
    expect((await from('198.51.100.5').signup(email)).status).toBe(201);
    const statuses = await statusesOf(4, async () => {
      const host = Math.floor(Math.random() * 0xffff).toString(16);
      return from(`2001:db8:99:1::${host}`).login(email, 'wrong horse');
    });
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
