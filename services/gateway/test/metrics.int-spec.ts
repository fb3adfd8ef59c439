import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { QueueName } from '@lectern/contracts';
import {
  createLogger,
  createRedis,
  JobRequester,
  PermanentJobError,
  quitRedis,
  startQueueWorker,
  type JobHandlers,
  type RunningQueueWorker,
} from '@lectern/queue-runtime';
import { recordDroppedCitations } from '@lectern/handovers';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MetricsModule } from '../src/metrics/metrics.module';
import { usageMonth } from '../src/usage/usage.service';
import { signedInBrowser } from './support/signed-in-browser';
import { resolveGatewayEnv } from '../src/config/load-gateway-env';
import {
  confirmEmail,
  isolatedEnv,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from './support/test-gateway';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text format into samples. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function matching(text: string, name: string, labels: Record<string, string>): Sample | undefined {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0];
}

/** The value of the one sample with this name whose labels include `labels`; a missing series fails. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const sample = matching(text, name, labels);
  if (!sample) throw new Error(`no sample of ${name} matches ${JSON.stringify(labels)}`);
  return sample.value;
}

/** A counter's value so far: a labelled counter has no series until its first increment. */
function countSoFar(text: string, name: string, labels: Record<string, string>): number {
  return matching(text, name, labels)?.value ?? 0;
}

describe('Prometheus metrics', () => {
  let gateway: TestGateway;
  const adminEmail = uniqueEmail('operator');
  let admin: ReturnType<TestGateway['browser']>;

  const scrape = async (): Promise<string> => {
    const response = await admin.get('/metrics');
    expect(response.status).toBe(200);
    return response.text;
  };

  beforeAll(async () => {
    gateway = await startTestGateway({ ADMIN_EMAILS: adminEmail, METRICS_PORT: '0' });
    admin = gateway.browser();
    await admin.post('/api/auth/signup').send({ email: adminEmail, password: 'correct horse' });
    await confirmEmail(gateway, adminEmail);
  });
  afterAll(() => gateway.close());

  describe('access', () => {
    it('asks signed-out visitors to sign in (401)', async () => {
      const response = await gateway.http().get('/metrics');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in to continue.' });
    });

    it('is not there for signed-in users who are not admins (404), and the web app does not answer it', async () => {
      const user = await signedInBrowser(gateway);
      const response = await user.get('/metrics');
      expect(response.status).toBe(404);
      expect(response.text).not.toMatch(/<html/i);
    });

    it('answers admins in the Prometheus text format, with the process metrics', async () => {
      const response = await admin.get('/metrics');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(response.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(response.text).toMatch(/^lectern_queue_metrics_up 1$/m);
    });

    it('leaves METRICS_PORT off unless set, and names it when its value is wrong', () => {
      expect(resolveGatewayEnv(isolatedEnv({ METRICS_PORT: '' })).METRICS_PORT).toBeUndefined();
      expect(() => resolveGatewayEnv(isolatedEnv({ METRICS_PORT: 'abc' }))).toThrow(
        'Invalid configuration: METRICS_PORT must be a port number (got "abc")',
      );
    });

    it('serves the same metrics without sign-in on METRICS_PORT, and nothing else there', async () => {
      const port = gateway.app.get(MetricsModule).metricsPort();
      expect(port).toEqual(expect.any(Number));
      expect(port).not.toBe((gateway.app.getHttpServer().address() as AddressInfo | null)?.port);
      const scraper = request(`http://127.0.0.1:${port}`);
      const response = await scraper.get('/metrics');
      expect(response.status).toBe(200);
      expect(response.text).toMatch(/^# TYPE lectern_http_request_duration_seconds histogram$/m);
      expect((await scraper.get('/api/videos')).status).toBe(404);
      expect((await scraper.get('/')).status).toBe(404);
    });
  });

  it('times each request under its route pattern and status class, never its raw URL', async () => {
    const user = await signedInBrowser(gateway);
    const missing = randomUUID();
    const labels = { method: 'GET', route: '/api/videos/:id', status_class: '4xx' };
    const before = countSoFar(await scrape(), 'lectern_http_request_duration_seconds_count', labels);
    expect((await user.get(`/api/no-such-page/${missing}`)).status).toBe(404);
    expect((await user.get(`/api/videos/${missing}`)).status).toBe(404);
    expect((await user.get(`/api/videos/${randomUUID()}`)).status).toBe(404);
    const text = await scrape();
    expect(valueOf(text, 'lectern_http_request_duration_seconds_count', labels)).toBe(before + 2);
    expect(valueOf(text, 'lectern_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      before + 2,
    );
    expect(text).not.toContain(missing);
    const unmatched = { method: 'GET', route: '/api (no route)', status_class: '4xx' };
    expect(valueOf(text, 'lectern_http_request_duration_seconds_count', unmatched)).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(text, 'lectern_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/auth/signup',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts a Free user refused at the monthly limit (402) and at a Pro feature (403), by kind', async () => {
    const user = await signedInBrowser(gateway);
    const db = gateway.app.get(DataSource);
    for (let i = 0; i < 5; i += 1) {
      await db.query(
        `INSERT INTO usage_events (user_id, kind, month, subject_id) VALUES ($1, 'transcript', $2, $3)`,
        [user.userId, usageMonth(), randomUUID()],
      );
    }
    const before = await scrape();
    const limited = await user
      .post('/api/transcripts/fetch')
      .send({ youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(limited.status).toBe(402);
    const gated = await user.post('/api/ai/generate').send({ videoId: randomUUID(), type: 'flashcards' });
    expect(gated.status).toBe(403);

    const after = await scrape();
    expect(valueOf(after, 'lectern_plan_limit_refusals_total', { kind: 'transcript' })).toBe(
      countSoFar(before, 'lectern_plan_limit_refusals_total', { kind: 'transcript' }) + 1,
    );
    expect(valueOf(after, 'lectern_plan_gate_refusals_total', { kind: 'ai:flashcards' })).toBe(
      countSoFar(before, 'lectern_plan_gate_refusals_total', { kind: 'ai:flashcards' }) + 1,
    );
    expect(
      valueOf(after, 'lectern_http_request_duration_seconds_count', {
        route: '/api/transcripts/fetch',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the jobs in each queue lane by state, read at scrape time', async () => {
    const queues = gateway.app.get(JobRequester).queues();
    const aiFree = queues.find((q) => q.name === 'ai-free')!;
    const exportPro = queues.find((q) => q.name === 'export-pro')!;
    try {
      await aiFree.addBulk([1, 2, 3].map((sentAt) => ({ name: 'ping', data: { sentAt } })));
      await exportPro.add('ping', { sentAt: 4 }, { delay: 60_000 });
      await exportPro.add('ping', { sentAt: 5 }, { priority: 1 });
      const text = await scrape();
      const depth = (queue: string, lane: string, state: string) =>
        valueOf(text, 'lectern_queue_jobs', { queue, lane, state });
      expect(depth('ai', 'free', 'waiting')).toBe(3);
      expect(depth('export', 'pro', 'delayed')).toBe(1);
      expect(depth('export', 'pro', 'waiting')).toBe(1);
      expect(depth('ai', 'pro', 'waiting')).toBe(0);
      expect(depth('transcripts', 'free', 'active')).toBe(0);
      expect(depth('billing', 'pro', 'failed')).toBe(0);
    } finally {
      await aiFree.obliterate({ force: true });
      await exportPro.obliterate({ force: true });
    }
  });

  it('shows the moments the ai workers dropped from what models wrote, by feature, as recorded in Redis', async () => {
    const name = 'lectern_ai_citations_dropped_total';
    const before = await scrape();
    expect(before).toMatch(new RegExp(`^# TYPE ${name} counter$`, 'm'));
    const insights = countSoFar(before, name, { feature: 'insights' });
    const ask = countSoFar(before, name, { feature: 'ask' });
    const worker = createRedis(gateway.env.REDIS_URL);
    try {
      await recordDroppedCitations(worker, gateway.env.REDIS_PREFIX, 'insights', 2);
      await recordDroppedCitations(worker, gateway.env.REDIS_PREFIX, 'ask', 1);
      await recordDroppedCitations(worker, gateway.env.REDIS_PREFIX, 'insights', 1);
    } finally {
      await quitRedis(worker);
    }
    const after = await scrape();
    expect(valueOf(after, name, { feature: 'insights' })).toBe(insights + 3);
    expect(valueOf(after, name, { feature: 'ask' })).toBe(ask + 1);
    // Read again, the totals are shown once, not added to what the last scrape showed.
    expect(valueOf(await scrape(), name, { feature: 'insights' })).toBe(insights + 3);
  });

  describe('job durations and failures recorded by the workers', () => {
    let worker: RunningQueueWorker;

    beforeAll(async () => {
      const handlers = {
        ping: async (data: { sentAt: number }) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (data.sentAt < 0) throw new PermanentJobError(422, 'This ping is refused.');
          return { service: QueueName.Billing, pid: process.pid, receivedAt: Date.now() };
        },
      } as unknown as JobHandlers<typeof QueueName.Billing>;
      worker = await startQueueWorker({
        queue: QueueName.Billing,
        handlers,
        redisUrl: gateway.env.REDIS_URL,
        prefix: gateway.env.REDIS_PREFIX,
        concurrency: 2,
        logger: createLogger('metrics-test', 'silent'),
      });
    });
    afterAll(() => worker.close());

    it('shows completed and failed attempts by queue and job, with their durations', async () => {
      const requester = gateway.app.get(JobRequester);
      const ping = (sentAt: number) =>
        requester.request(QueueName.Billing, 'ping', { sentAt }, { lane: 'pro', timeoutMs: 5000 });
      await ping(1);
      await ping(2);
      await expect(ping(-1)).rejects.toMatchObject({ status: 422 });

      // The worker records after answering; give its write a moment to land.
      const labels = { queue: 'billing', job: 'ping' };
      let text = '';
      for (const deadline = Date.now() + 3000; Date.now() < deadline;) {
        text = await scrape();
        if (countSoFar(text, 'lectern_job_duration_seconds_count', { ...labels, outcome: 'failed' }) === 1)
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(text).toMatch(/^# TYPE lectern_job_duration_seconds histogram$/m);
      expect(valueOf(text, 'lectern_job_duration_seconds_count', { ...labels, outcome: 'completed' })).toBe(
        2,
      );
      expect(
        valueOf(text, 'lectern_job_duration_seconds_bucket', { ...labels, outcome: 'completed', le: '+Inf' }),
      ).toBe(2);
      expect(valueOf(text, 'lectern_job_duration_seconds_count', { ...labels, outcome: 'failed' })).toBe(1);
      expect(
        valueOf(text, 'lectern_job_duration_seconds_sum', { ...labels, outcome: 'completed' }),
      ).toBeLessThan(5);
      expect(valueOf(text, 'lectern_queue_jobs', { queue: 'billing', lane: 'pro', state: 'failed' })).toBe(1);
    });
  });
});
