import { randomBytes } from 'node:crypto';
import type { JobHandlers } from '../src/queue-worker';
import { JobRequester } from '../src/job-requester';
import { createLogger } from '../src/logger';
import { deleteKeysUnderPrefix } from '../src/redis';
import { startQueueWorker } from '../src/queue-worker';
import { startTcpRelay, type TcpRelay } from './support/tcp-relay';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const logger = createLogger('close-during-outage-test', 'silent');
const pingHandlers = {
  ping: () => Promise.resolve({ service: 'billing' as const, pid: process.pid, receivedAt: Date.now() }),
} as unknown as JobHandlers<'billing'>;

/** Resolves with how long `close` took, or rejects when it has not finished within `limitMs`. */
async function timedClose(close: () => Promise<void>, limitMs: number): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still closing after ${limitMs} ms`)), limitMs);
  });
  try {
    await Promise.race([close(), hung]);
    return Date.now() - started;
  } finally {
    clearTimeout(timer);
  }
}

// A process told to stop while Redis hangs must still stop: it has nothing left to hand back once its jobs are
// done, and a supervisor would otherwise have to kill it.
describe('stopping while Redis does not answer', () => {
  let prefix: string;
  let relay: TcpRelay;

  beforeEach(async () => {
    prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
    relay = await startTcpRelay(Number(new URL(process.env.LECTERN_TEST_REDIS_URL!).port));
  });
  afterEach(async () => {
    relay.thaw();
    await relay.close();
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
  });

  it('an idle queue worker closes within a bounded time', async () => {
    const worker = await startQueueWorker({
      queue: 'billing',
      handlers: pingHandlers,
      redisUrl: `redis://127.0.0.1:${relay.port}`,
      prefix,
      concurrency: 2,
      logger,
    });
    relay.freeze();
    await expect(timedClose(() => worker.close(), 30_000)).resolves.toBeGreaterThanOrEqual(0);
  }, 40_000);

  it("the gateway's job requester closes within a bounded time", async () => {
    const requester = new JobRequester(`redis://127.0.0.1:${relay.port}`, prefix);
    await requester.init();
    relay.freeze();
    await expect(timedClose(() => requester.close(), 30_000)).resolves.toBeGreaterThanOrEqual(0);
  }, 40_000);
});
