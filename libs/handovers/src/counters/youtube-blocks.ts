import type { RedisConnection } from '@lectern/queue-runtime';
import { addToTally, readTally } from './redis-tally';

/**
 * Blocks YouTube put on the transcripts workers (a bot check or a 429), per proxy, kept in Redis by the
 * workers and read by the gateway's /metrics, like the job totals (@lectern/queue-runtime's job-metrics.ts). The
 * label is the proxy's host and port, never its credentials, or "direct" without a proxy.
 */
export function youTubeBlocksKey(prefix: string): string {
  return `${prefix}:metrics:youtube-blocks`;
}

export async function recordYouTubeBlock(
  redis: RedisConnection,
  prefix: string,
  proxy: string,
): Promise<void> {
  await addToTally(redis, youTubeBlocksKey(prefix), proxy, 1);
}

export async function readYouTubeBlocks(
  redis: RedisConnection,
  prefix: string,
): Promise<{ proxy: string; count: number }[]> {
  const tally = await readTally(redis, youTubeBlocksKey(prefix));
  return tally.map(([proxy, count]) => ({ proxy, count }));
}
