import { AccountMessage } from '@lectern/contracts';
import {
  hashAccountToken,
  insertUserToken,
  newAccountToken,
  typeormDb,
  type AccountTokenPurpose,
} from '@lectern/db';
import { DataSource } from 'typeorm';
import { startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

/**
 * A confirmation link proves an address to whoever opens it, but it must never promote a session its owner did
 * not open: a stranger who signed up first with someone's address keeps an ordinary, unconfirmed account until
 * the owner takes it over with a password reset, which ends the stranger's sessions. (One gateway per file:
 * passport keeps one session reader per gateway started in a process.)
 */
describe('confirming an email address', () => {
  const listedAdmin = uniqueEmail('head.teacher');
  let gateway: TestGateway;

  /** What the mail worker does: a fresh token, stored hashed, for the link in the mail. */
  const mailLink = async (email: string, purpose: AccountTokenPurpose): Promise<string> => {
    const dataSource = gateway.app.get(DataSource);
    const [user] = await dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE email = $1', [email]);
    const token = newAccountToken();
    await insertUserToken(typeormDb(dataSource.manager), {
      userId: user!.id,
      purpose,
      tokenHash: hashAccountToken(token),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    return token;
  };

  beforeAll(async () => {
    gateway = await startTestGateway({ ADMIN_EMAILS: listedAdmin });
  });
  afterAll(() => gateway.close());

  it('confirms the address in a session of its own account', async () => {
    const student = gateway.browser();
    const email = uniqueEmail();
    await student.post('/api/auth/signup').send({ email, password: 'correct horse' }).expect(201);
    const confirmed = await student
      .post('/api/auth/verify-email')
      .send({ token: await mailLink(email, 'verify_email') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: AccountMessage.EmailVerified });
    expect((await student.get('/api/auth/me')).body.emailVerified).toBe(true);
  });

  it("never makes a stranger's session admin when the address's owner follows the link", async () => {
    const stranger = gateway.browser();
    await stranger
      .post('/api/auth/signup')
      .send({ email: listedAdmin, password: 'strangers horse' })
      .expect(201);
    const token = await mailLink(listedAdmin, 'verify_email');

    // The owner opens the mailed link signed out: nothing is confirmed, and the link is not spent.
    const owner = gateway.browser();
    const signedOut = await owner.post('/api/auth/verify-email').send({ token });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ message: AccountMessage.SignInToConfirm });
    expect((await stranger.get('/api/auth/me')).body).toMatchObject({ role: 'user', emailVerified: false });
    expect((await stranger.get('/admin/queues/api/queues')).status).toBe(404);

    // Nor in a session of the owner's other account.
    await owner
      .post('/api/auth/signup')
      .send({ email: uniqueEmail('owner'), password: 'owners horse' })
      .expect(201);
    const otherAccount = await owner.post('/api/auth/verify-email').send({ token });
    expect(otherAccount.status).toBe(400);
    expect(otherAccount.body).toEqual({ message: AccountMessage.LinkOfAnotherAccount });
    expect((await stranger.get('/api/auth/me')).body).toMatchObject({ role: 'user', emailVerified: false });

    // The owner takes the address over with a reset link: it proves the address and ends the stranger's session.
    const reset = await gateway
      .browser()
      .post('/api/auth/reset-password')
      .send({ token: await mailLink(listedAdmin, 'reset_password'), password: 'owners own horse' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await stranger.get('/api/auth/me')).status).toBe(401);
    // Signed out now: the admin pages send the stranger to the login page.
    expect((await stranger.get('/admin/queues/api/queues')).status).toBe(302);
    const strangersPassword = await gateway
      .http()
      .post('/api/auth/login')
      .send({ email: listedAdmin, password: 'strangers horse' });
    expect(strangersPassword.status).toBe(401);
  });
});
