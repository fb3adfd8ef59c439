import { QueueName } from '@lectern/contracts';
import {
  createLogger,
  jobOptionsFor,
  JobRequester,
  PermanentJobError,
  startQueueWorker,
  type JobHandlers,
} from '@lectern/contracts/runtime';
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

  it('shows failed jobs with their reason, and return values trimmed and redacted', async () => {
    const admin = gateway.browser();
    await admin.post('/api/auth/login').send({ email: adminEmail, password: 'correct horse' });
    const queue = gateway.app
      .get(JobRequester)
      .queues()
      .find((q) => q.name === 'ai-pro')!;
    const handlers = {
      ping: async (data: { sentAt: number }) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (data.sentAt < 0) throw new PermanentJobError(422, 'This video has no captions.');
        return { transcriptText: 'word '.repeat(2_000), accessToken: 'tok-very-secret' };
      },
    } as unknown as JobHandlers<typeof QueueName.Ai>;
    const worker = await startQueueWorker({
      queue: QueueName.Ai,
      handlers,
      redisUrl: gateway.env.REDIS_URL,
      prefix: gateway.env.REDIS_PREFIX,
      concurrency: 2,
      logger: createLogger('bull-board-test', 'silent'),
    });
    try {
      const completed = await queue.add('ping', { sentAt: 1 }, jobOptionsFor('ai'));
      const failed = await queue.add('ping', { sentAt: -1 }, jobOptionsFor('ai'));
      for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
        const states = await Promise.all([completed.getState(), failed.getState()]);
        if (states[0] === 'completed' && states[1] === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      const board = (status: string) =>
        admin.get(`/admin/queues/api/queues?activeQueue=ai-pro&status=${status}&page=1`);
      const failedPage = await board('failed');
      const failedJob = (failedPage.body.queues as { name: string; jobs: Record<string, unknown>[] }[])
        .find((q) => q.name === 'ai-pro')!
        .jobs.at(0)!;
      expect(failedJob.failedReason).toBe('[422] This video has no captions.');
      // Failed jobs stay a week for operators; completed ones are trimmed.
      expect(failedJob.opts).toMatchObject({
        removeOnFail: { age: 7 * 24 * 60 * 60 },
        removeOnComplete: { age: 3600, count: 1000 },
      });

      const completedPage = await board('completed');
      expect(completedPage.status).toBe(200);
      const shown = JSON.stringify(completedPage.body);
      expect(shown).not.toContain('word '.repeat(200));
      expect(shown).toContain('(10000 characters)');
      expect(shown).not.toContain('tok-very-secret');
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
    }
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
