import { QueueName } from '@lectern/contracts';
import {
  createLogger,
  jobOptionsFor,
  JobRequester,
  PermanentJobError,
  startQueueWorker,
  type JobHandlers,
} from '@lectern/queue-runtime';
import { trimForDisplay } from '../src/admin/bull-board';
import { confirmEmail, startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

describe('Bull Board at /admin/queues', () => {
  let gateway: TestGateway;
  const adminEmail = uniqueEmail('operator');

  beforeAll(async () => {
    gateway = await startTestGateway({ ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => gateway.close());

  const lane = (name: string) =>
    gateway.app
      .get(JobRequester)
      .queues()
      .find((q) => q.name === name)!;

  async function signedInAdmin() {
    const admin = gateway.browser();
    const login = await admin.post('/api/auth/login').send({ email: adminEmail, password: 'correct horse' });
    if (login.status !== 200) {
      await admin.post('/api/auth/signup').send({ email: adminEmail, password: 'correct horse' });
      await confirmEmail(gateway, adminEmail);
    }
    return admin;
  }

  async function boardJobs(admin: ReturnType<TestGateway['browser']>, queueName: string, status: string) {
    const page = await admin.get(`/admin/queues/api/queues?activeQueue=${queueName}&status=${status}&page=1`);
    expect(page.status).toBe(200);
    return (page.body.queues as { name: string; jobs: Record<string, unknown>[] }[]).find(
      (q) => q.name === queueName,
    )!.jobs;
  }

  /** Waits until every job is in its expected state (jobs of the ai-pro lane). */
  async function untilStates(...expected: [string, string][]) {
    const queue = lane('ai-pro');
    for (const deadline = Date.now() + 20_000; ;) {
      const states = await Promise.all(expected.map(([id]) => queue.getJobState(id)));
      if (states.every((state, i) => state === expected[i]![1])) return;
      if (Date.now() > deadline)
        throw new Error(`jobs never reached ${JSON.stringify(expected)}: ${states.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

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

  it('shows admins both lanes of every queue, with job data trimmed for display', async () => {
    const admin = await signedInAdmin();
    const page = await admin.get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Lectern queues/);

    const queue = lane('ai-free');
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
        'mail-free',
        'mail-pro',
        'media-free',
        'media-pro',
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
    const admin = await signedInAdmin();
    const queue = lane('ai-pro');
    const portalLink = 'https://billing.stripe.com/p/session/test_YWNjdF8xUExhbWVjdGVybjEyMzQ1Njc4OTA';
    const handlers = {
      ping: async (data: { sentAt: number }) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (data.sentAt < 0) throw new PermanentJobError(422, 'This video has no captions.');
        return {
          transcriptText: 'word '.repeat(2_000),
          accessToken: 'tok-very-secret',
          url: portalLink,
          note: `Open ${portalLink} to manage the plan.`,
          youtube: 'https://www.youtube.com/watch',
        };
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
      await untilStates([completed.id!, 'completed'], [failed.id!, 'failed']);

      const failedJob = (await boardJobs(admin, 'ai-pro', 'failed')).at(0)!;
      expect(failedJob.failedReason).toBe('[422] This video has no captions.');

      const shown = JSON.stringify(await boardJobs(admin, 'ai-pro', 'completed'));
      expect(shown).not.toContain('word '.repeat(200));
      expect(shown).toContain('(10000 characters)');
      expect(shown).not.toContain('tok-very-secret');
      // The billing-portal link signs its holder in as the user: neither the field nor the text shows it.
      expect(shown).not.toContain('test_YWNjdF8x');
      expect(shown).toContain('"url":"[redacted link]"');
      expect(shown).toContain('Open [redacted link] to manage the plan.');
      expect(shown).toContain('https://www.youtube.com/watch');
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
    }
  });

  it('retries a failed job, and only a failed one', async () => {
    const admin = await signedInAdmin();
    const queue = lane('ai-pro');
    let upstreamDown = true;
    const handlers = {
      ping: () =>
        upstreamDown
          ? Promise.reject(new PermanentJobError(502, 'The AI provider is not answering.'))
          : Promise.resolve({ ok: true }),
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
      const failed = await queue.add('ping', { sentAt: 1 }, jobOptionsFor('ai'));
      await untilStates([failed.id!, 'failed']);
      upstreamDown = false;
      const done = await queue.add('ping', { sentAt: 2 }, jobOptionsFor('ai'));
      await untilStates([done.id!, 'completed']);

      const retryDone = await admin.put(`/admin/queues/api/queues/ai-pro/${done.id}/retry`);
      expect(retryDone.status).toBe(409);
      expect(retryDone.body).toEqual({ message: 'Only failed jobs can be retried.' });
      expect((await admin.put(`/admin/queues/api/queues/ai-pro/no-such-job/retry`)).status).toBe(404);

      const retry = await admin.put(`/admin/queues/api/queues/ai-pro/${failed.id}/retry`);
      expect(retry.status).toBe(204);
      await untilStates([failed.id!, 'completed']);
      expect((await queue.getJob(failed.id!))!.returnvalue).toEqual({ ok: true });
      expect(await queue.getJobState(done.id!)).toBe('completed');
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
    }
  });

  it('refuses every other action at the HTTP level, whatever the UI offers', async () => {
    const admin = await signedInAdmin();
    // No worker runs for this lane: the job waits, as a victim's export would.
    const queue = lane('export-free');
    const waiting = await queue.add('render', { userId: 'the-owner', format: 'txt' });
    const delayed = await queue.add('render', { userId: 'the-owner' }, { delay: 60_000 });
    const api = '/admin/queues/api/queues';
    const attempts: [string, string, object?][] = [
      ['post', `${api}/export-free/add`, { name: 'create-portal-session', data: { userId: 'victim' } }],
      ['patch', `${api}/export-free/${waiting.id}/update-data`, { jobData: { userId: 'the-admin' } }],
      ['patch', `${api}/export-free/${delayed.id}/delay`, { delay: 0 }],
      ['patch', `${api}/export-free/${waiting.id}/priority`, { priority: 1 }],
      ['put', `${api}/export-free/pause`],
      ['put', `${api}/pause`],
      ['put', `${api}/resume`],
      ['put', `${api}/export-free/resume`],
      ['put', `${api}/export-free/empty`],
      ['put', `${api}/export-free/clean/delayed`],
      ['put', `${api}/export-free/obliterate`, { force: true }],
      ['put', `${api}/export-free/promote`],
      ['put', `${api}/export-free/${delayed.id}/promote`],
      ['put', `${api}/export-free/${waiting.id}/clean`],
      ['put', `${api}/export-free/${waiting.id}/remove-unprocessed-children`],
      ['put', `${api}/export-free/concurrency`, { concurrency: 1 }],
      ['put', `${api}/export-free/rate-limit`, { max: 1, duration: 1000 }],
      ['put', `${api}/export-free/retry/completed`],
      ['put', `${api}/EXPORT-FREE/PAUSE`],
      ['delete', `${api}/export-free/${waiting.id}`],
    ];
    try {
      for (const [method, path, body] of attempts) {
        const request = admin[method as 'post' | 'put' | 'patch' | 'delete'](path);
        const response = body ? await request.send(body) : await request;
        expect({ method, path, status: response.status, body: response.body }).toEqual({
          method,
          path,
          status: 403,
          body: { message: 'The queue board is read-only: only failed jobs can be retried.' },
        });
      }
      expect(await queue.isPaused()).toBe(false);
      expect(await queue.getJobCounts('waiting', 'delayed', 'prioritized')).toEqual({
        waiting: 1,
        delayed: 1,
        prioritized: 0,
      });
      expect((await queue.getJob(waiting.id!))!.data).toEqual({ userId: 'the-owner', format: 'txt' });
      // Reading stays open.
      expect((await admin.get(`${api}/export-free/${waiting.id}`)).status).toBe(200);
    } finally {
      await queue.obliterate({ force: true });
    }
  });

  it('refuses a state-changing request to the board from another site (403)', async () => {
    const admin = await signedInAdmin();
    const queue = lane('export-free');
    const response = await admin
      .put(`/admin/queues/api/queues/export-free/retry/failed`)
      .set('Origin', 'https://evil.example');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Requests from other sites are not allowed.' });
    const added = await admin
      .post('/admin/queues/api/queues/export-free/add')
      .set('Origin', 'https://evil.example')
      .send({ name: 'render', data: {} });
    expect(added.status).toBe(403);
    expect(added.body).toEqual({ message: 'Requests from other sites are not allowed.' });
    expect(await queue.count()).toBe(0);
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

  it('hides links that could sign someone in: link-valued keys, and links with a query, fragment or token', () => {
    expect(
      trimForDisplay({
        portalUrl: 'https://billing.stripe.com/p/session/test_YWNjdF8xUExhbWVjdGVybjEy',
        checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_a1#fidkdWxOYHwnPyd1blpxYHZxWjA0',
        message:
          'Pay at https://checkout.stripe.com/c/pay/cs_test_a1?x=1 or see https://lectern.example/pricing.',
        blink: 'kept',
      }),
    ).toEqual({
      portalUrl: '[redacted link]',
      checkout_url: '[redacted link]',
      message: 'Pay at [redacted link] or see https://lectern.example/pricing.',
      blink: 'kept',
    });
  });
});
