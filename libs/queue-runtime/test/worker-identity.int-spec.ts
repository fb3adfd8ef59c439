import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Queue } from 'bullmq';
import { laneQueueName } from '@lectern/contracts';
import { readHeartbeats } from '../src/heartbeat';
import { JobRequester } from '../src/job-requester';
import { createLogger } from '../src/logger';
import { createRedis, deleteKeysUnderPrefix, quitRedis } from '../src/redis';
import { startQueueWorker, type JobHandlers, type RunningQueueWorker } from '../src/queue-worker';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const logger = createLogger('worker-identity-test', 'silent');
const handlers = {} as JobHandlers<'billing'>;

// A braced prefix is what Redis Cluster needs (one hash slot for a queue's keys); the queues must work under it.
describe.each([
  ['a plain prefix', `lectern-test-${randomBytes(5).toString('hex')}`],
  ['a prefix in braces (a hash tag)', `{lectern-test-${randomBytes(5).toString('hex')}}`],
])('a worker process under %s', (_, prefix) => {
  const redis = createRedis(REDIS_URL);
  let requester: JobRequester;
  let worker: RunningQueueWorker;

  beforeAll(async () => {
    requester = new JobRequester(REDIS_URL, prefix);
    await requester.init();
    worker = await startQueueWorker({
      queue: 'billing',
      handlers,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 2,
      logger,
    });
  });

  afterAll(async () => {
    await worker.close();
    await requester.close();
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
    await quitRedis(redis);
  });

  it('answers requests, names itself on each job it ran, and counts them in its heartbeat', async () => {
    for (let i = 0; i < 3; i += 1)
      await expect(
        requester.request('billing', 'ping', { sentAt: Date.now() }, { lane: 'free', timeoutMs: 5000 }),
      ).resolves.toMatchObject({ service: 'billing', pid: process.pid });

    const queue = new Queue(laneQueueName('billing', 'free'), { connection: redis, prefix });
    const completed = await queue.getCompleted();
    await queue.close();
    expect(completed).toHaveLength(3);
    expect(new Set(completed.map((job) => job.processedBy))).toEqual(
      new Set([`${hostname()}:${process.pid}`]),
    );

    // The heartbeat is rewritten every 5 s.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const beats = await readHeartbeats(redis, prefix);
    expect(beats).toEqual([expect.objectContaining({ service: 'billing', pid: process.pid, jobsRun: 3 })]);
    expect(await redis.keys(`${prefix}:*`)).not.toHaveLength(0);
  }, 20_000);
});
