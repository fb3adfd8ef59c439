import { JobRequester } from '@lectern/contracts/runtime';
import { trimForDisplay } from '../src/admin/bull-board';
import { startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

describe('Bull Board at /admin/queues', () => {
  let gateway: TestGateway;
  const adminEmail = uniqueEmail('operator');

  beforeAll(async () => {
    gateway = await startTestGateway({ ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => gateway.close());

  it('sends signed-out visitors to sign in', async () => {
    const response = await gateway.http().get('/admin/queues');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('is not there for signed-in users who are not admins (404)', async () => {
    const user = gateway.browser();
    await user.post('/api/auth/signup').send({ email: uniqueEmail(), password: 'correct horse' });
    expect((await user.get('/admin/queues')).status).toBe(404);
    expect((await user.get('/admin/queues/api/queues')).status).toBe(404);
  });

  it('shows admins both lanes of all four queues, with job data trimmed for display', async () => {
    const admin = gateway.browser();
    await admin.post('/api/auth/signup').send({ email: adminEmail, password: 'correct horse' });
    const page = await admin.get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Lectern queues/);

    const queue = gateway.app
      .get(JobRequester)
      .queues()
      .find((q) => q.name === 'ai-free')!;
    await queue.add('ping', { sentAt: 1, note: 'x'.repeat(5000), apiKey: 'sk-live-secret' });
    const api = await admin.get('/admin/queues/api/queues?activeQueue=ai-free&status=waiting&page=1');
    expect(api.status).toBe(200);
    const names = (api.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual(
      [
        'ai-free',
        'ai-pro',
        'billing-free',
        'billing-pro',
        'export-free',
        'export-pro',
        'transcripts-free',
        'transcripts-pro',
      ].sort(),
    );
    const shown = JSON.stringify(api.body);
    expect(shown).not.toContain('sk-live-secret');
    expect(shown).not.toContain('x'.repeat(600));
    await queue.obliterate({ force: true });
  });
});

describe('trimForDisplay', () => {
  it('cuts long strings and long lists, and hides secrets at any depth', () => {
    expect(trimForDisplay({ a: 'y'.repeat(600) })).toEqual({ a: `${'y'.repeat(500)}… (600 characters)` });
    expect((trimForDisplay(Array.from({ length: 30 }, (_, i) => i)) as unknown[]).at(-1)).toBe('… 10 more');
    expect(trimForDisplay({ nested: { stripeSecret: 'whsec_1', password: 'p' } })).toEqual({
      nested: { stripeSecret: '[redacted]', password: '[redacted]' },
    });
  });
});
