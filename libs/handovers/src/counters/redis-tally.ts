import type { RedisConnection } from '@lectern/queue-runtime';

/**
 * A count per label in one Redis hash, added to by the workers and read by the gateway's /metrics. Adding is
 * best effort: a Redis hiccup only loses that one count.
 */
export async function addToTally(
  redis: RedisConnection,
  key: string,
  label: string,
  count: number,
): Promise<void> {
  await redis.hincrby(key, label, count).catch(() => undefined);
}

export async function readTally(redis: RedisConnection, key: string): Promise<[string, number][]> {
  const fields = await redis.hgetall(key);
  return Object.entries(fields).map(([label, count]) => [label, Number(count)]);
}
