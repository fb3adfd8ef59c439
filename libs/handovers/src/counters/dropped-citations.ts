import type { RedisConnection } from '@lectern/queue-runtime';

/**
 * Moments a model cited that it was never sent, removed by the ai workers before anyone saw them, per feature
 * (a generation's feature, or `ask`); kept in Redis by the workers and read by the gateway's /metrics.
 */
export function droppedCitationsKey(prefix: string): string {
  return `${prefix}:metrics:ai-citations-dropped`;
}

/** Best effort: a Redis hiccup only loses this one count. */
export async function recordDroppedCitations(
  redis: RedisConnection,
  prefix: string,
  feature: string,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await redis.hincrby(droppedCitationsKey(prefix), feature, count).catch(() => undefined);
}

export async function readDroppedCitations(
  redis: RedisConnection,
  prefix: string,
): Promise<{ feature: string; count: number }[]> {
  const fields = await redis.hgetall(droppedCitationsKey(prefix));
  return Object.entries(fields).map(([feature, count]) => ({ feature, count: Number(count) }));
}
