import { startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

/**
 * Strangers failing for someone's email from many addresses fill the email's own counter; its owner must still
 * get in, and still confirm their password for the actions that ask for it. (Its own file: passport keeps one
 * session reader per gateway started in a process, so signed-in requests need the only gateway of the file.)
 */
describe('a user nobody can lock out', () => {
  let gateway: TestGateway;
  const from = (ip: string) => ({
    login: (email: string, password: string) =>
      gateway.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password }),
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

  it('lets the owner change their password and delete the account while strangers fail for their email', async () => {
    const email = uniqueEmail('owner');
    const owner = gateway.browser();
    const signup = await owner
      .post('/api/auth/signup')
      .set('X-Forwarded-For', '198.51.100.4')
      .send({ email, password: 'correct horse' });
    expect(signup.status).toBe(201);
    for (let i = 0; i < 10; i += 1) {
      const attacker = from(`192.0.2.${i + 21}`);
      expect(await statusesOf(3, () => attacker.login(email, 'wrong horse'))).toEqual([401, 401, 401]);
    }
    const changed = await owner
      .post('/api/auth/change-password')
      .set('X-Forwarded-For', '198.51.100.4')
      .send({ currentPassword: 'correct horse', newPassword: 'battery staple' });
    expect(changed.status).toBe(200);
    const deleted = await owner
      .delete('/api/auth/me')
      .set('X-Forwarded-For', '198.51.100.4')
      .send({ password: 'battery staple' });
    expect(deleted.status).toBe(200);
  });
});
