import type { RedisConnection } from '@lectern/queue-runtime';

/**
 * Blocks YouTube put on the transcripts workers (a bot check or a 429), per proxy, kept in Redis by the
 * workers and read by the gateway's /metrics, like the job totals (@lectern/queue-runtime's job-metrics.ts). The label is the
 * proxy's host and port, never its credentials, or "direct" without a proxy.
 */
export function youTubeBlocksKey(prefix: string): string {
  return `${prefix}:metrics:youtube-blocks`;
}

/** Best effort: a Redis hiccup only loses this one count. */
export async function recordYouTubeBlock(
  redis: RedisConnection,
  prefix: string,
  proxy: string,
): Promise<void> {
  await redis.hincrby(youTubeBlocksKey(prefix), proxy, 1).catch(() => undefined);
}

export async function readYouTubeBlocks(
  redis: RedisConnection,
  prefix: string,
): Promise<{ proxy: string; count: number }[]> {
  const fields = await redis.hgetall(youTubeBlocksKey(prefix));
  return Object.entries(fields).map(([proxy, count]) => ({ proxy, count: Number(count) }));
}
