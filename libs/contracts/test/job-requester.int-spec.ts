import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { JobHandlers } from '../src/runtime/queue-worker';
import { JobRequester, JobRequestError } from '../src/runtime/job-requester';
import { createLogger } from '../src/runtime/logger';
import { deleteKeysUnderPrefix } from '../src/runtime/redis';
import { startQueueWorker, type RunningQueueWorker } from '../src/runtime/queue-worker';

const REDIS_URL = 'redis://127.0.0.1:6379';
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

  it('lets go of each answered request: a long-running gateway does not keep results alive', async () => {
    worker = await startQueueWorker({
      queue: 'billing',
      handlers: pingHandlers,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 2,
      logger,
    });
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
});
