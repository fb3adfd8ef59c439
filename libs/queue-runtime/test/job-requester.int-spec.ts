import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { JobHandlers } from '../src/queue-worker';
import { JobRequester, JobRequestError } from '../src/job-requester';
import { createLogger } from '../src/logger';
import { createRedis, deleteKeysUnderPrefix } from '../src/redis';
import { startQueueWorker, type RunningQueueWorker } from '../src/queue-worker';
import { startTcpRelay } from './support/tcp-relay';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const logger = createLogger('job-requester-test', 'silent');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const pingHandlers = {
  ping: () => Promise.resolve({ service: 'billing' as const, pid: process.pid, receivedAt: Date.now() }),
} as unknown as JobHandlers<'billing'>;

describe('JobRequester (request-reply over real BullMQ)', () => {
  let prefix: string;
  let requester: JobRequester;
  let worker: RunningQueueWorker | undefined;

  beforeEach(async () => {
    prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
    requester = new JobRequester(REDIS_URL, prefix);
    await requester.init();
  });

  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await requester.close();
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
  });

  const ping = (timeoutMs = 5000) =>
    requester.request('billing', 'ping', { sentAt: Date.now() }, { lane: 'free', timeoutMs });

  const startPingWorker = async () => {
    worker = await startQueueWorker({
      queue: 'billing',
      handlers: pingHandlers,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 2,
      logger,
    });
  };

  it('lets go of each answered request: a long-running gateway does not keep results alive', async () => {
    await startPingWorker();
    const results: WeakRef<object>[] = [];
    for (let i = 0; i < 20; i += 1) results.push(new WeakRef(await ping()));
    expect(requester.pending).toBe(0);

    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(results.filter((result) => result.deref() !== undefined)).toHaveLength(0);
  });

  it('answers requests still waiting at shutdown with a 503, and later ones at once', async () => {
    const waiting = ping(1000); // no worker: the job stays queued
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requester.pending).toBe(1);

    await requester.drain(200);
    await expect(waiting).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/restarting/),
    });
    await expect(ping()).rejects.toBeInstanceOf(JobRequestError);
    expect(requester.pending).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the abandoned wait's own timer runs out
  });

  it('keeps a deduplicated job when the first request times out: another request joined it and gets its result', async () => {
    const dedup = (timeoutMs: number) =>
      requester.request(
        'billing',
        'ping',
        { sentAt: Date.now() },
        { lane: 'free', timeoutMs, deduplicationId: 'ping:shared' },
      );
    const first = dedup(1000); // no worker yet: the job stays queued
    await new Promise((resolve) => setTimeout(resolve, 100));
    const joined = dedup(20_000);
    await expect(first).rejects.toMatchObject({ status: 504 });

    await startPingWorker();
    await expect(joined).resolves.toMatchObject({ service: 'billing' });
  });

  it('still withdraws a job nobody else waits for when its request times out', async () => {
    await expect(ping(500)).rejects.toMatchObject({ status: 504 });
    const [queue] = requester.queues().filter((q) => q.name === 'billing-free');
    expect(await queue!.getJobCounts('waiting', 'prioritized', 'delayed')).toEqual({
      waiting: 0,
      prioritized: 0,
      delayed: 0,
    });
  });

  it('answers 503 within a few seconds when Redis stops answering while a job is added, never hangs', async () => {
    const relay = await startTcpRelay(Number(new URL(process.env.LECTERN_TEST_REDIS_URL!).port));
    const redis = createRedis(REDIS_URL);
    const lastJobId = async () => Number((await redis.get(`${prefix}:billing-free:id`)) ?? 0);
    const cutOff = new JobRequester(`redis://127.0.0.1:${relay.port}`, prefix, { addTimeoutMs: 1000 });
    try {
      await cutOff.init();
      const idsBefore = await lastJobId();
      relay.freeze();
      const started = Date.now();
      // Far longer than the test may take: only the time limit on adding can answer in time.
      const request = cutOff.request(
        'billing',
        'ping',
        { sentAt: Date.now() },
        { lane: 'free', timeoutMs: 120_000 },
      );
      await expect(request).rejects.toMatchObject({
        status: 503,
        message: 'Lectern cannot reach its job queue right now. Please try again in a moment.',
      });
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(cutOff.pending).toBe(0);

      // The job added late, once Redis answers again, is withdrawn: nobody waits for it.
      relay.thaw();
      const [queue] = requester.queues().filter((q) => q.name === 'billing-free');
      const queued = () => queue!.getJobCountByTypes('waiting', 'prioritized');
      const deadline = Date.now() + 10_000;
      while ((await lastJobId()) < idsBefore + 1 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await lastJobId()).toBe(idsBefore + 1);
      while ((await queued()) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await queued()).toBe(0);
    } finally {
      relay.thaw();
      await cutOff.close();
      await relay.close();
      redis.disconnect();
    }
  });
});
