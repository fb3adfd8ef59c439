import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { redisTopology, type RedisAddress, type RedisSettings } from './redis-config';
import { withinTime } from './within-time';

/** A connection to Lectern's Redis: one server (possibly found through Sentinels), or a Redis Cluster. */
export type RedisConnection = Redis | Cluster;

const reconnectAfter = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * A Redis connection for BullMQ and friends, the only place Lectern opens one. `maxRetriesPerRequest: null` is
 * what BullMQ workers require; the retry strategy keeps reconnecting forever with a capped back-off so a Redis
 * restart heals by itself. A bare URL, or settings without Sentinels or Cluster nodes, give a single Redis.
 */
export function createRedis(url: string, options?: RedisOptions): Redis;
export function createRedis(address: RedisAddress, options?: RedisOptions): RedisConnection;
export function createRedis(address: RedisAddress, options: RedisOptions = {}): RedisConnection {
  const defaults: RedisOptions = {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: reconnectAfter,
  };
  if (typeof address === 'string') return new Redis(address, { ...defaults, ...options });
  const fromUrl = urlOptions(address);
  switch (redisTopology(address)) {
    case 'single':
      return new Redis(address.REDIS_URL, { ...defaults, ...passwordOverride(address), ...options });
    case 'sentinel':
      return new Redis({
        ...defaults,
        ...fromUrl,
        sentinels: address.REDIS_SENTINELS,
        name: address.REDIS_SENTINEL_NAME ?? 'mymaster',
        ...(address.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: address.REDIS_SENTINEL_PASSWORD } : {}),
        ...(fromUrl.tls ? { enableTLSForSentinelMode: true } : {}),
        // Not ioredis's `failoverDetector`: its reconnection can race the one already under way and end the client
        // for good ("Connection is closed"); a killed primary's socket ends anyway, and each client asks again.
        sentinelRetryStrategy: reconnectAfter,
        ...options,
      });
    case 'cluster': {
      const { retryStrategy, lazyConnect, enableReadyCheck, enableOfflineQueue, ...nodeOptions } = {
        ...defaults,
        ...options,
      };
      const { db: _onlyDatabaseZero, ...clusterNodeOptions } = fromUrl;
      const clusterOptions: ClusterOptions = {
        redisOptions: { ...clusterNodeOptions, ...nodeOptions },
        clusterRetryStrategy: (times) => (retryStrategy ? retryStrategy(times) : reconnectAfter(times)),
        ...(lazyConnect === undefined ? {} : { lazyConnect }),
        ...(enableReadyCheck === undefined ? {} : { enableReadyCheck }),
        ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
      };
      return new Cluster(address.REDIS_CLUSTER_NODES!, clusterOptions);
    }
  }
}

/** What REDIS_URL says besides its host: user, password, database and TLS, for Sentinel and Cluster nodes. */
function urlOptions(settings: RedisSettings): RedisOptions {
  const url = new URL(settings.REDIS_URL);
  const database = url.pathname.replace(/^\//, '');
  return {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(database ? { db: Number(database) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    ...passwordOverride(settings),
  };
}

function passwordOverride(settings: RedisSettings): RedisOptions {
  return settings.REDIS_PASSWORD ? { password: settings.REDIS_PASSWORD } : {};
}

/**
 * Another connection to the same Redis, for a blocking read or a subscription; a Cluster is duplicated with its
 * node options, a single Redis (or Sentinel client) with `overrides`.
 */
export function duplicateRedis(
  redis: RedisConnection,
  overrides: Partial<RedisOptions> = {},
): RedisConnection {
  if (redis instanceof Cluster)
    return redis.duplicate([], { redisOptions: { ...redis.options.redisOptions, ...overrides } });
  return redis.duplicate(overrides);
}

/**
 * Every key matching `pattern`, a batch at a time. On a Cluster each primary is scanned: SCAN reads the keys of
 * one node only.
 */
export async function* scanKeys(
  redis: RedisConnection,
  pattern: string,
  count = 500,
): AsyncGenerator<string[]> {
  if (redis instanceof Cluster && redis.status !== 'ready') await redis.ping(); // its nodes are known once ready
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', count);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }
}

/**
 * Redis must never evict keys: an evicted job, lock or session is silently lost. Returns the warning to log
 * loudly when `maxmemory-policy` is anything but `noeviction`, or null when it is right (or cannot be read).
 */
export async function evictionPolicyWarning(redis: RedisConnection): Promise<string | null> {
  const info = await redis.info('memory').catch(() => '');
  const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  if (!policy || policy === 'noeviction') return null;
  return (
    `REDIS IS MISCONFIGURED: maxmemory-policy is "${policy}", not "noeviction". Under memory pressure Redis ` +
    'will delete queued jobs, job locks and sessions. Set "maxmemory-policy noeviction" in redis.conf.'
  );
}

/** Deletes every key under a Lectern key prefix (a test run's or a benchmark's), a batch at a time. */
export async function deleteKeysUnderPrefix(redisAddress: RedisAddress, prefix: string): Promise<void> {
  // A dropped connection (a test's relay, a restarting Redis) gets a few quick reconnections, not a failed cleanup.
  const redis = createRedis(redisAddress, {
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => (attempt > 3 ? null : attempt * 100),
  });
  try {
    // Under a Cluster a braced prefix keeps every key of the install in one slot, so one UNLINK takes a batch.
    for await (const keys of scanKeys(redis, `${prefix}:*`)) await redis.unlink(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * Closes a client politely, but never waits longer than `ms`: while Redis is away a quit waits for a
 * reconnection that may never come, and a stopping process must still stop.
 */
export async function quitRedis(client: RedisConnection, ms = 5_000): Promise<void> {
  const quit = client.quit().then(
    () => true,
    () => false,
  );
  if (!(await withinTime(quit, ms))) client.disconnect();
}
