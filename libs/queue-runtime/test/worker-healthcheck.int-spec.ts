import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { hostHasHeartbeat, startHeartbeat } from '../src/heartbeat';
import { createRedis, deleteKeysUnderPrefix, quitRedis } from '../src/redis';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const OTHER_KEYS = 5000;

// The container healthcheck looks for its host's worker heartbeat among every key of a busy Redis: one SCAN
// call covers only part of the keyspace, so the check must follow the cursor to its end.
describe('the worker healthcheck', () => {
  const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
  const redis = createRedis(REDIS_URL);
  let heartbeat: { stop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    for (let start = 0; start < OTHER_KEYS; start += 500) {
      const batch = redis.pipeline();
      for (let i = start; i < Math.min(start + 500, OTHER_KEYS); i += 1)
        batch.set(`${prefix}:other:${i}`, 'x');
      await batch.exec();
    }
  });

  afterEach(async () => {
    await heartbeat?.stop();
    heartbeat = undefined;
  });

  afterAll(async () => {
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
    await quitRedis(redis);
  });

  // This process beats as an export worker would, and its key is in Redis before the check looks for it.
  async function beatAsExportWorker(): Promise<void> {
    const startedAt = new Date().toISOString();
    heartbeat = startHeartbeat(redis, prefix, () => ({
      service: 'export',
      pid: process.pid,
      host: hostname(),
      startedAt,
      activeJobs: 0,
      jobsRun: 0,
    }));
    await expect(redis.exists(`${prefix}:workers:export:${hostname()}:${process.pid}`)).resolves.toBe(1);
  }

  it('finds the heartbeat of this host’s worker among thousands of other keys', async () => {
    await beatAsExportWorker();
    await expect(hostHasHeartbeat(redis, prefix, 'export', hostname())).resolves.toBe(true);
  });

  it('finds none for another service or another host', async () => {
    await beatAsExportWorker();
    await expect(hostHasHeartbeat(redis, prefix, 'ai', hostname())).resolves.toBe(false);
    await expect(hostHasHeartbeat(redis, prefix, 'export', `not-${hostname()}`)).resolves.toBe(false);
  });
});
