import { startTestGateway, uniqueEmail, type TestGateway } from '../../services/gateway/test/support';
import { eventually, startTestWorkers, stopTestWorkers } from './support/test-workers';
import type { RunningQueueWorker } from '@lectern/queue-runtime';

describe('/dev/mail', () => {
  let gateway: TestGateway;
  let workers: RunningQueueWorker[];
  const others: TestGateway[] = [];

  beforeAll(async () => {
    gateway = await startTestGateway({ NODE_ENV: 'development', DEV_MAIL_PAGE: '1' });
    // No SMTP_URL: mails are logged, and kept for this page.
    workers = await startTestWorkers(gateway.env);
  });
  afterAll(async () => {
    await stopTestWorkers(workers);
    await gateway.close();
    await Promise.all(others.map((other) => other.close()));
  });

  it('shows the last mails with their links when switched on, outside production', async () => {
    const email = uniqueEmail('developer');
    await gateway.http().post('/api/auth/signup').send({ email, password: 'correct horse' }).expect(201);
    const page = await eventually(
      () => gateway.http().get('/dev/mail'),
      (response) => response.text.includes(email),
    );
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Confirm your email for Lectern');
    expect(page.text).toMatch(/href="http:\/\/lectern\.test\/verify-email\?token=[A-Za-z0-9_-]{43}"/);
    expect(page.text).toContain('not sent (no SMTP_URL): logged');
  });

  it.each([
    ['in production, even when switched on', { NODE_ENV: 'production', DEV_MAIL_PAGE: '1' }],
    ['in development unless switched on (a server started without NODE_ENV)', { NODE_ENV: 'development' }],
  ] as const)('does not exist %s (404)', async (_case, env) => {
    const other = await startTestGateway(env);
    others.push(other);
    const email = uniqueEmail('someone');
    await other.http().post('/api/auth/signup').send({ email, password: 'correct horse' }).expect(201);
    const response = await other.http().get('/dev/mail');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('verify-email');
  });
});
