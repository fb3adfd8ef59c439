import { Redis, type RedisOptions } from 'ioredis';
import { withinTime } from './within-time';

/**
 * A Redis connection for BullMQ and friends. `maxRetriesPerRequest: null` is what BullMQ workers require;
 * the retry strategy keeps reconnecting forever with a capped back-off so a Redis restart heals by itself.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...options,
  });
}

/**
 * Redis must never evict keys: an evicted job, lock or session is silently lost. Returns the warning to log
 * loudly when `maxmemory-policy` is anything but `noeviction`, or null when it is right (or cannot be read).
 */
export async function evictionPolicyWarning(redis: Redis): Promise<string | null> {
  const info = await redis.info('memory').catch(() => '');
  const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  if (!policy || policy === 'noeviction') return null;
  return (
    `REDIS IS MISCONFIGURED: maxmemory-policy is "${policy}", not "noeviction". Under memory pressure Redis ` +
    'will delete queued jobs, job locks and sessions. Set "maxmemory-policy noeviction" in redis.conf.'
  );
}

/** Deletes every key under a Lectern key prefix (a test run's or a benchmark's), a batch at a time. */
export async function deleteKeysUnderPrefix(redisUrl: string, prefix: string): Promise<void> {
  // A dropped connection (a test's relay, a restarting Redis) gets a few quick reconnections, not a failed cleanup.
  const redis = createRedis(redisUrl, {
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => (attempt > 3 ? null : attempt * 100),
  });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Closes a client politely, but never waits longer than `ms`: while Redis is away a quit waits for a
 * reconnection that may never come, and a stopping process must still stop.
 */
export async function quitRedis(client: Redis, ms = 5_000): Promise<void> {
  const quit = client.quit().then(
    () => true,
    () => false,
  );
  if (!(await withinTime(quit, ms))) client.disconnect();
}
