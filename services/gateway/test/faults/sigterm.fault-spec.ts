import { laneQueueName } from '@lectern/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  signUp,
  sleep,
  startProcessStack,
  until,
  waitReady,
  WORKERS,
  type ProcessStack,
} from './support/process-stack';

const link = (id: string) => ({ youtubeUrl: `https://www.youtube.com/watch?v=${id}` });

// SIGTERM to every process while requests run: the gateway answers what is in flight, workers finish their
// jobs, jobs that have not started stay in Redis, and after a restart they run; nothing is lost.
describe('fault drill: SIGTERM to everything under load', () => {
  let stack: ProcessStack;

  beforeAll(async () => {
    // One user queues four fetches at once: allow them in flight, to drill the shutdown rather than the limit.
    stack = await startProcessStack({ env: { TRANSCRIPTS_CONCURRENCY: '1', JOBS_IN_FLIGHT_FREE: '10' } });
    await waitReady(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('finishes in-flight requests and jobs, keeps the queued ones, and runs them after the restart', async () => {
    stack.youtube.setSlowDelay(1500);
    const user = await signUp(stack, 'sigterm');
    const ready = await user.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    expect(ready.status).toBe(200);

    // One slow fetch running, more queued behind it (one slot), library reads in parallel.
    const inFlight = user.call('POST', '/api/transcripts/fetch', link('slowAnswer1'));
    const redis = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const lane = new Queue(laneQueueName('transcripts', 'free'), {
      connection: redis,
      prefix: stack.env.REDIS_PREFIX,
    });
    await until(
      () => lane.getActiveCount(),
      (n) => n > 0,
      20_000,
      'a running transcripts job',
    );
    const queuedRequests = ['printpress1', 'derivative1', 'supplydmnd1'].map((id) =>
      user.call('POST', '/api/transcripts/fetch', link(id)).catch((error: unknown) => error),
    );
    await until(
      () => lane.getWaitingCount(),
      (n) => n >= 2,
      10_000,
      'queued transcripts jobs',
    );
    const reads = Array.from({ length: 10 }, () => user.call('GET', `/api/videos/${ready.body.id}`));
    await sleep(100);

    const stopping = Date.now();
    await stack.stopProcesses();
    const stopMs = Date.now() - stopping;
    const exitCodes = Object.fromEntries(
      [...stack.services.entries()].map(([name, runs]) => [name, runs.map((s) => s.child.exitCode)]),
    );
    expect(exitCodes).toEqual(Object.fromEntries(['gateway', ...WORKERS].map((name) => [name, [0]])));

    expect((await inFlight).status).toBe(200);
    for (const read of await Promise.all(reads)) expect(read.status).toBe(200);
    // Requests whose jobs had not started get a clear answer at shutdown; their jobs stay queued.
    for (const answer of await Promise.all(queuedRequests)) {
      const { status, body } = answer as { status: number; body: { message?: string } };
      if (status !== 200) {
        expect(status).toBe(503);
        expect(body.message).toMatch(/restarting/);
      }
    }
    // The jobs that had not started are still in Redis, waiting for the next worker.
    const waiting = (await lane.getWaiting()).map((job) => (job.data as { youtubeId: string }).youtubeId);
    expect(waiting.length).toBeGreaterThan(0);

    stack.start('gateway');
    await until(
      () => fetch(`${stack.baseUrl}/api/health`),
      (r) => r.ok,
      60_000,
      'gateway restart',
    );
    stack.start('transcripts');
    await until(
      () => lane.getWaitingCount(),
      (n) => n === 0,
      60_000,
      'the queued jobs to run',
    );
    const stored = await stack.sql<{ youtube_id: string }>('SELECT youtube_id FROM transcripts');
    for (const id of waiting) expect(stored.map((row) => row.youtube_id)).toContain(id);
    await lane.close();
    redis.disconnect();

    console.log(
      `SIGTERM drill: every process stopped in ${stopMs} ms; ${waiting.length} queued jobs ran after the restart`,
    );
  });
});
