import { createRedis, type RedisConnection } from '@lectern/queue-runtime';
import { randomBytes } from 'node:crypto';
import { RedisFetchPacing } from '../src/youtube';

// The turns of YouTube fetches per route, kept in Redis (shared by every worker process), read with a clock the
// test sets: no test here waits for time to pass.

let redis: RedisConnection;
const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;

beforeAll(() => {
  redis = createRedis(process.env.LECTERN_TEST_REDIS_URL!);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

it('spaces the fetches of one route 60000 / perMinute ms apart, in the order asked, across worker processes', async () => {
  let now = 1_000_000;
  // Two processes' pacings: the turns are shared through Redis.
  const first = new RedisFetchPacing(redis, prefix, 6, () => now);
  const second = new RedisFetchPacing(redis, prefix, 6, () => now);
  expect(await first.reserve('proxy-a:8080')).toBe(0);
  expect(await second.reserve('proxy-a:8080')).toBe(10_000);
  expect(await first.reserve('proxy-a:8080')).toBe(20_000);
  // Another route has turns of its own.
  expect(await second.reserve('direct')).toBe(0);

  // Later, the turns taken are counted from then on.
  now += 25_000;
  expect(await first.reserve('proxy-a:8080')).toBe(5_000);
  now += 60_000;
  expect(await first.reserve('proxy-a:8080')).toBe(0);
});

it('lets a fetch whose turn has come go at once, and one that is stopped while it waits give up', async () => {
  const pacing = new RedisFetchPacing(redis, `${prefix}:wait`, 1, () => 0);
  await pacing.wait('direct');
  const stop = new AbortController();
  const waiting = pacing.wait('direct', stop.signal);
  stop.abort(new Error('the worker is stopping'));
  await expect(waiting).rejects.toThrow('the worker is stopping');
});
