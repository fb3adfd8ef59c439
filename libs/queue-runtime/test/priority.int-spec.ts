import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { laneQueueName, type Lane } from '@lectern/contracts';
import { createLogger } from '../src/logger';
import { startQueueWorker, type JobHandlers, type RunningQueueWorker } from '../src/queue-worker';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const logger = createLogger('priority-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A billing worker whose every job takes `jobMs` and records which lane it came from, in start order. */
async function recordingWorker(prefix: string, concurrency: number, jobMs: number) {
  const started: { lane: Lane; label: string }[] = [];
  const handlers = {
    ping: async (data: { sentAt: number; label?: string }, context: { lane: Lane }) => {
      started.push({ lane: context.lane, label: data.label ?? '' });
      await sleep(jobMs);
      return { service: 'billing' as const, pid: process.pid, receivedAt: Date.now() };
    },
  } as unknown as JobHandlers<'billing'>;
  const worker = await startQueueWorker({
    queue: 'billing',
    handlers,
    redisUrl: REDIS_URL,
    prefix,
    concurrency,
    logger,
  });
  return { worker, started };
}

describe('Pro priority without starving Free users (one worker process, real BullMQ)', () => {
  let prefix: string;
  let queues: Record<Lane, Queue>;
  let worker: RunningQueueWorker | undefined;
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });

  beforeEach(() => {
    prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
    queues = {
      pro: new Queue(laneQueueName('billing', 'pro'), { connection, prefix }),
      free: new Queue(laneQueueName('billing', 'free'), { connection, prefix }),
    };
  });

  afterEach(async () => {
    await worker?.close();
    await queues.pro.obliterate({ force: true });
    await queues.free.obliterate({ force: true });
    await Promise.all([queues.pro.close(), queues.free.close()]);
    const keys = await connection.keys(`${prefix}:*`);
    if (keys.length) await connection.del(...keys);
  });

  afterAll(() => connection.quit());

  it('with concurrency 1 and a backlog of Free jobs, runs a Pro job added last next', async () => {
    const recording = await recordingWorker(prefix, 1, 40);
    worker = recording.worker;
    await queues.free.addBulk(
      Array.from({ length: 20 }, (_, i) => ({ name: 'ping', data: { sentAt: 0, label: `free-${i}` } })),
    );
    while (recording.started.length < 2) await sleep(5);
    await queues.pro.add('ping', { sentAt: 0, label: 'pro' });
    while (!recording.started.some((s) => s.lane === 'pro')) await sleep(5);
    const position = recording.started.findIndex((s) => s.lane === 'pro');
    // At most the Free job already running and the one already handed to the worker go first.
    expect(position).toBeLessThanOrEqual(3);
    expect(recording.started.length).toBeLessThan(20);
  });

  it('keeps Free jobs moving at 10% of capacity or more under Pro overload', async () => {
    const recording = await recordingWorker(prefix, 2, 15);
    worker = recording.worker;
    await queues.pro.addBulk(Array.from({ length: 150 }, () => ({ name: 'ping', data: { sentAt: 0 } })));
    await queues.free.addBulk(Array.from({ length: 150 }, () => ({ name: 'ping', data: { sentAt: 0 } })));
    while (recording.started.length < 100) await sleep(10);
    const window = recording.started.slice(0, 100);
    const freeShare = window.filter((s) => s.lane === 'free').length / window.length;
    const proShare = 1 - freeShare;
    expect(freeShare).toBeGreaterThanOrEqual(0.1);
    expect(proShare).toBeGreaterThan(0.6);
  });
});
