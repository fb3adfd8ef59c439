import type { RedisConnection } from '@lectern/queue-runtime';
import { addToTally, readTally } from './redis-tally';

/**
 * Moments a model cited that it was never sent, removed by the ai workers before anyone saw them, per feature
 * (a generation's feature, or `ask`); kept in Redis by the workers and read by the gateway's /metrics.
 */
export function droppedCitationsKey(prefix: string): string {
  return `${prefix}:metrics:ai-citations-dropped`;
}

export async function recordDroppedCitations(
  redis: RedisConnection,
  prefix: string,
  feature: string,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await addToTally(redis, droppedCitationsKey(prefix), feature, count);
}

export async function readDroppedCitations(
  redis: RedisConnection,
  prefix: string,
): Promise<{ feature: string; count: number }[]> {
  const tally = await readTally(redis, droppedCitationsKey(prefix));
  return tally.map(([feature, count]) => ({ feature, count }));
}
