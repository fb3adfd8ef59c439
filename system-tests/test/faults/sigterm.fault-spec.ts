import { laneQueueName } from '@lectern/contracts';
import { Queue, type Job } from 'bullmq';
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
const QUEUED_VIDEOS = ['derivative1', 'printpress1', 'supplydmnd1'];
const videoOf = (job: Job) => (job.data as { youtubeId: string }).youtubeId;

// SIGTERM to every process while requests run: the gateway answers what is in flight, workers finish their
// jobs, jobs that have not started stay in Redis, and after a restart they run; nothing is lost.
describe('fault drill: SIGTERM to everything under load', () => {
  let stack: ProcessStack;
  let redis: Redis;
  let lane: Queue;

  beforeAll(async () => {
    // One user queues four fetches at once: allow them in flight, to drill the shutdown rather than the limit.
    stack = await startProcessStack({ env: { TRANSCRIPTS_CONCURRENCY: '1', JOBS_IN_FLIGHT_FREE: '10' } });
    redis = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
    lane = new Queue(laneQueueName('transcripts', 'free'), {
      connection: redis,
      prefix: stack.env.REDIS_PREFIX,
    });
    await waitReady(stack);
  });
  afterAll(async () => {
    await lane?.close();
    redis?.disconnect();
    await stack?.stop();
  });

  it('finishes in-flight requests and jobs, keeps the queued ones, and runs them after the restart', async () => {
    stack.youtube.setSlowDelay(1500);
    const user = await signUp(stack, 'sigterm');
    const ready = await user.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    expect(ready.status).toBe(200);

    // One slow fetch running, more queued behind it (one slot), library reads in parallel.
    const inFlight = user.call('POST', '/api/transcripts/fetch', link('slowAnswer1'));
    await until(
      () => lane.getActiveCount(),
      (n) => n > 0,
      20_000,
      'a running transcripts job',
    );
    const queuedRequests = QUEUED_VIDEOS.map((id) =>
      user.call('POST', '/api/transcripts/fetch', link(id)).catch((error: unknown) => error),
    );
    // All three are queued behind the running one (one slot): these are the jobs that must survive the stop.
    const queued = await until(
      () => lane.getJobs(['waiting', 'active', 'completed']),
      (jobs) => jobs.filter((job) => QUEUED_VIDEOS.includes(videoOf(job))).length === 3,
      10_000,
      'queued transcripts jobs',
    );
    const queuedIds = queued
      .filter((job) => QUEUED_VIDEOS.includes(videoOf(job)))
      .map((job) => job.id!)
      .sort();
    expect((await lane.getWaiting()).length).toBeGreaterThanOrEqual(2);
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
    // Every job that had not started is still in Redis, waiting for the next worker: the same jobs, by id (one
    // the worker reached in the instant before the stop has run to completion instead).
    const stateOf = async (id: string): Promise<string> => {
      const job = await lane.getJob(id);
      return job ? String(await job.getState()) : 'gone';
    };
    const afterStop = await Promise.all(queuedIds.map(stateOf));
    for (const state of afterStop) expect(state).toMatch(/^(waiting|completed)$/);
    expect(afterStop.filter((state) => state === 'waiting').length).toBeGreaterThan(0);

    stack.start('gateway');
    await until(
      () => fetch(`${stack.baseUrl}/api/health`),
      (r) => r.ok,
      60_000,
      'gateway restart',
    );
    stack.start('transcripts');
    // Each of them runs after the restart, and its transcript is stored.
    const states = await until(
      () => Promise.all(queuedIds.map(stateOf)),
      (all) => all.every((state) => state === 'completed'),
      60_000,
      'the queued jobs to run',
    );
    expect(states).toEqual(queuedIds.map(() => 'completed'));
    const stored = await stack.sql<{ youtube_id: string }>(
      'SELECT youtube_id FROM transcripts WHERE youtube_id = ANY($1)',
      [QUEUED_VIDEOS],
    );
    expect(stored.map((row) => row.youtube_id).sort()).toEqual(QUEUED_VIDEOS);

    console.log(
      `SIGTERM drill: every process stopped in ${stopMs} ms; ${queuedIds.length} queued jobs ran after the restart`,
    );
  });
});
