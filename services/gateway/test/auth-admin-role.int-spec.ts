import { DataSource } from 'typeorm';
import {
  confirmEmail,
  sessionCookie,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from './support/test-gateway';

/**
 * Another gateway in this process, with modules of its own as in a separate process: passport keeps its
 * session (de)serialisers in a module-wide singleton, which two gateways sharing modules would share.
 */
async function startSecondGateway(overrides: Parameters<typeof startTestGateway>[0]): Promise<TestGateway> {
  let start!: typeof startTestGateway;
  jest.isolateModules(() => {
    ({ startTestGateway: start } = jest.requireActual<{ startTestGateway: typeof startTestGateway }>(
      './support/test-gateway',
    ));
  });
  return start(overrides);
}

describe('admin rights follow ADMIN_EMAILS on every request', () => {
  const operator = uniqueEmail('operator');
  let before: TestGateway;
  let after: TestGateway | undefined;

  beforeAll(async () => {
    before = await startTestGateway({ ADMIN_EMAILS: operator });
  });
  afterAll(async () => {
    // The second gateway shares the first one's database and Redis keys: only the first one clears them.
    await after?.app.close();
    await before.close();
  });

  it('ends an existing session’s admin rights on its next request once the address is removed', async () => {
    const signup = await before
      .http()
      .post('/api/auth/signup')
      .send({ email: operator, password: 'correct horse' });
    // Listed but not confirmed yet: an ordinary user.
    expect(signup.body).toMatchObject({ role: 'user', emailVerified: false });
    const cookie = sessionCookie(signup)!;
    expect((await before.http().get('/admin/queues/api/queues').set('Cookie', cookie)).status).toBe(404);
    await confirmEmail(before, operator);
    expect((await before.http().get('/api/auth/me').set('Cookie', cookie)).body.role).toBe('admin');
    expect((await before.http().get('/admin/queues/api/queues').set('Cookie', cookie)).status).toBe(200);

    // The operator removes the address and restarts (or rolls out) the gateway over the same Redis and database.
    after = await startSecondGateway({
      ADMIN_EMAILS: '',
      DATABASE_URL: before.env.DATABASE_URL,
      REDIS_PREFIX: before.env.REDIS_PREFIX,
      SESSION_SECRET: before.env.SESSION_SECRET,
    });
    const me = await after.http().get('/api/auth/me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: operator, role: 'user' });
    expect((await after.http().get('/admin/queues/api/queues').set('Cookie', cookie)).status).toBe(404);
    expect((await after.http().get('/metrics').set('Cookie', cookie)).status).toBe(404);
    // The stored role follows too, for the workers that read it.
    const [row] = await before.app
      .get(DataSource)
      .query<{ role: string }[]>('SELECT role FROM users WHERE email = $1', [operator]);
    expect(row!.role).toBe('user');
  });
});
