import { startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';
import { eventually, startTestWorkers, stopTestWorkers } from './support/test-workers';
import type { RunningQueueWorker } from '@lectern/contracts/runtime';

describe('/dev/mail', () => {
  let gateway: TestGateway;
  let workers: RunningQueueWorker[];
  let production: TestGateway | undefined;

  beforeAll(async () => {
    gateway = await startTestGateway({ NODE_ENV: 'development' });
    // No SMTP_URL: mails are logged, and kept for this page.
    workers = await startTestWorkers(gateway.env);
  });
  afterAll(async () => {
    await stopTestWorkers(workers);
    await gateway.close();
    await production?.close();
  });

  it('shows the last mails with their links outside production', async () => {
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

  it('does not exist in production (404)', async () => {
    production = await startTestGateway({ NODE_ENV: 'production' });
    const response = await production.http().get('/dev/mail');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('verify-email');
  });
});
