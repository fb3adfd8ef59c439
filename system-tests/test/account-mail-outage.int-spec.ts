import { eventually } from './support/test-workers';
import {
  mailLane,
  PASSWORD,
  startAccountWorld,
  tokenIn,
  type AccountWorld,
} from './support/account-fixtures';
import { uniqueEmail } from '../../services/gateway/test/support';

const CONFIRM_SUBJECT = 'Confirm your email for Lectern';

// Its own file: passport's serialisers are process-wide, so one gateway per test file.
describe('while the mail server is down', () => {
  let world: AccountWorld;

  beforeAll(async () => {
    world = await startAccountWorld();
  });
  afterAll(() => world.close());

  it('still signs people up; the mail job retries and the mail goes out once the server is back', async () => {
    await world.smtp.stop();
    const email = uniqueEmail('patient');
    const browser = world.gateway.browser();
    const signup = await browser.post('/api/auth/signup').send({ email, password: PASSWORD });
    expect(signup.status).toBe(201);
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ email, emailVerified: false });

    // The first attempt failed and waits for its retry (back-off), nothing was sent.
    const lane = mailLane(world);
    const [job] = await eventually(
      () => lane.getDelayed(),
      (jobs) => jobs.some((j) => j.name === 'send-email-verification' && j.attemptsMade >= 1),
    );
    expect(job!.failedReason).toMatch(/ECONNREFUSED|connect/i);
    expect(world.smtp.mails).toHaveLength(0);

    await world.smtp.start();
    const mail = await world.smtp.waitForMail(email, (m) => m.subject === CONFIRM_SUBJECT, 30_000);
    const done = await eventually(
      () => lane.getJob(job!.id!),
      (found) => found?.finishedOn !== undefined,
    );
    expect(done!.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(done!.returnvalue).toMatchObject({ outcome: 'sent' });
    expect(
      (await browser.post('/api/auth/verify-email').send({ token: tokenIn(mail, '/verify-email') })).status,
    ).toBe(200);
  });
});
