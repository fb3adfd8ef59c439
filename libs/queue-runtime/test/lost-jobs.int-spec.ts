import { randomBytes } from 'node:crypto';
import { laneQueueName } from '@lectern/contracts';
import { Queue } from 'bullmq';
import type { JobHandlers } from '../src/queue-worker';
import { JobRequester } from '../src/job-requester';
import { createLogger } from '../src/logger';
import { createRedis, deleteKeysUnderPrefix, quitRedis } from '../src/redis';
import { startQueueWorker, type RunningQueueWorker } from '../src/queue-worker';

const REDIS_URL = 'redis://127.0.0.1:6379';
const logger = createLogger('lost-jobs-test', 'silent');

const pingHandlers = {
  ping: () => Promise.resolve({ service: 'billing' as const, pid: process.pid, receivedAt: Date.now() }),
} as unknown as JobHandlers<'billing'>;

// After a Sentinel or Cluster failover the promoted replica may lack the last writes of the old primary: a job
// just added can vanish. Here the loss is made by hand (the job is removed before any worker runs), on one Redis.
describe('JobRequester when a queued job is lost (a failover took it)', () => {
  const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
  const redis = createRedis(REDIS_URL);
  const queue = new Queue(laneQueueName('billing', 'free'), { connection: redis, prefix });
  let requester: JobRequester;
  let worker: RunningQueueWorker | undefined;

  beforeAll(async () => {
    requester = new JobRequester(REDIS_URL, prefix, { lostJobCheckMs: 200 });
    await requester.init();
  });

  afterAll(async () => {
    await worker?.close();
    await requester.close();
    await queue.close();
    await quitRedis(redis);
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
  });

  it('gives every job a random id, so a lost job is never confused with a new one numbered alike', async () => {
    const waiting = requester.request(
      'billing',
      'ping',
      { sentAt: Date.now() },
      { lane: 'free', timeoutMs: 10_000 },
    );
    const [job] = await eventuallyOne(() => queue.getJobs(['waiting', 'prioritized']));
    expect(job!.id).toMatch(/^[0-9a-f-]{36}$/);

    await job!.remove(); // lost
    worker = await startQueueWorker({
      queue: 'billing',
      handlers: pingHandlers,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 1,
      logger,
    });
    // Added again under the same id and run: the request is answered, not timed out (its timeout is 10 s).
    await expect(waiting).resolves.toMatchObject({ service: 'billing' });
  });
});

async function eventuallyOne<T>(read: () => Promise<T[]>): Promise<T[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = await read();
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no job appeared');
}
