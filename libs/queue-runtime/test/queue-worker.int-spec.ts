import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { laneQueueName } from '@lectern/contracts';
import { JobRequester } from '../src/job-requester';
import { createLogger } from '../src/logger';
import { createRedis, deleteKeysUnderPrefix, quitRedis } from '../src/redis';
import {
  startQueueWorker,
  type JobContext,
  type JobHandlers,
  type RunningQueueWorker,
} from '../src/queue-worker';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const logger = createLogger('queue-worker-test', 'silent');

/** A billing handler that runs until the test lets it go, whatever its signal says. */
function stuckHandler() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: (context: JobContext) => void;
  const started = new Promise<JobContext>((resolve) => (seen = resolve));
  const handlers = {
    'sync-subscription': async (_data: unknown, context: JobContext) => {
      seen(context);
      await released;
      return { outcome: 'skipped', changedUserIds: [] };
    },
  } as unknown as JobHandlers<'billing'>;
  return { handlers, started, release };
}

/** A billing handler that gives up as soon as its signal is aborted. */
function abortableHandler() {
  let seen!: (context: JobContext) => void;
  const started = new Promise<JobContext>((resolve) => (seen = resolve));
  const handlers = {
    'sync-subscription': (_data: unknown, context: JobContext) => {
      seen(context);
      return new Promise((_resolve, reject) =>
        context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), {
          once: true,
        }),
      );
    },
  } as unknown as JobHandlers<'billing'>;
  return { handlers, started };
}

describe('startQueueWorker (real BullMQ)', () => {
  let prefix: string;
  let queue: Queue;
  const connection = createRedis(REDIS_URL);
  const releases: Array<() => void> = [];
  const workers: RunningQueueWorker[] = [];

  const start = async (
    handlers: JobHandlers<'billing'>,
    options: { graceMs?: number; limitMs?: number; concurrency?: number } = {},
  ) => {
    const worker = await startQueueWorker({
      queue: 'billing',
      handlers,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: options.concurrency ?? 1,
      logger,
      runningJobsGraceMs: options.graceMs,
      jobTimeLimitMs: options.limitMs,
    });
    workers.push(worker);
    return worker;
  };

  beforeEach(() => {
    prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
    queue = new Queue(laneQueueName('billing', 'free'), { connection, prefix });
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await queue.close();
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
  });

  afterAll(async () => {
    // A stuck handler would otherwise keep its promise (and Jest) waiting.
    for (const release of releases) release();
    await quitRedis(connection);
  });

  it('answers ping itself on every queue, the service naming no ping handler', async () => {
    await startQueueWorker({
      queue: 'mail',
      handlers: {} as JobHandlers<'mail'>,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 1,
      logger,
    }).then((w) => workers.push(w));
    const requester = new JobRequester(REDIS_URL, prefix);
    await requester.init();
    try {
      const answer = await requester.request(
        'mail',
        'ping',
        { sentAt: 1 },
        { lane: 'free', timeoutMs: 5000 },
      );
      expect(answer).toMatchObject({ service: 'mail', pid: process.pid });
      expect(answer.receivedAt).toBeGreaterThan(1);
    } finally {
      await requester.close();
    }
  });

  it("aborts a running job's signal once a stop's grace for running jobs has passed", async () => {
    const stuck = stuckHandler();
    releases.push(stuck.release);
    const worker = await start(stuck.handlers, { graceMs: 100 });
    await queue.add('sync-subscription', { subscriptionId: 'sub_1' });
    const { signal } = await stuck.started;
    expect(signal.aborted).toBe(false);

    await worker.close();
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('the billing worker is stopping');
    stuck.release();
  });

  it('hands a job that gives up at a stop back to the queue instead of failing it', async () => {
    const abortable = abortableHandler();
    const worker = await start(abortable.handlers, { graceMs: 100 });
    const job = await queue.add('sync-subscription', { subscriptionId: 'sub_2' }, { attempts: 1 });
    await abortable.started;

    await worker.close();
    expect(await queue.getJobState(job.id!)).toBe('waiting');
    expect((await queue.getJob(job.id!))?.attemptsMade).toBe(0);
  });

  it('hands back both jobs of a Pro and a Free job that share an id (each lane numbers its own)', async () => {
    const contexts: JobContext[] = [];
    // Should a signal never come, afterAll lets the handlers go instead of leaving Jest waiting.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    releases.push(release);
    let bothStarted!: () => void;
    const started = new Promise<void>((resolve) => (bothStarted = resolve));
    const handlers = {
      'sync-subscription': (_data: unknown, context: JobContext) => {
        contexts.push(context);
        if (contexts.length === 2) bothStarted();
        return new Promise((resolve, reject) => {
          context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), {
            once: true,
          });
          void released.then(resolve);
        });
      },
    } as unknown as JobHandlers<'billing'>;
    const pro = new Queue(laneQueueName('billing', 'pro'), { connection, prefix });
    try {
      const worker = await start(handlers, { graceMs: 100, concurrency: 2 });
      const proJob = await pro.add('sync-subscription', { subscriptionId: 'sub_pro' });
      const freeJob = await queue.add('sync-subscription', { subscriptionId: 'sub_free' });
      expect(proJob.id).toBe(freeJob.id);
      await started;

      await worker.close();
      expect(contexts.map((context) => context.signal.aborted)).toEqual([true, true]);
      expect(await pro.getJobState(proJob.id!)).toBe('waiting');
      expect(await queue.getJobState(freeJob.id!)).toBe('waiting');
    } finally {
      await pro.close();
    }
  });

  it("aborts a job's signal when its time limit passes", async () => {
    const stuck = stuckHandler();
    releases.push(stuck.release);
    await start(stuck.handlers, { limitMs: 200 });
    await queue.add('sync-subscription', { subscriptionId: 'sub_3' });
    const { signal } = await stuck.started;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(signal.aborted).toBe(true);
    stuck.release();
  });
});
