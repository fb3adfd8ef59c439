import { Redis, type RedisOptions } from 'ioredis';

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
