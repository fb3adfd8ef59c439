import type { AiEngineName } from '@lectern/contracts';
import { scanKeys, type RedisConnection } from '@lectern/queue-runtime';

/** Which engine and model an ai worker process writes with, and on which server (`host:port`), for admins. */
export interface AiEngineStatus {
  engine: AiEngineName;
  model: string;
  /** Null for the offline engine. */
  server: string | null;
  /** The worker process (`host:pid`). */
  instance: string;
  since: string;
}

/** Kept alive by the worker while it runs (rewritten well within this time); gone soon after it stops. */
const STATUS_TTL_SECONDS = 60;

function statusKey(prefix: string, instance: string): string {
  return `${prefix}:ai-engines:${instance}`;
}

/** Best effort: a Redis hiccup only leaves the admin view a beat behind. */
export async function recordAiEngineStatus(
  redis: RedisConnection,
  prefix: string,
  status: AiEngineStatus,
): Promise<void> {
  await redis
    .set(statusKey(prefix, status.instance), JSON.stringify(status), 'EX', STATUS_TTL_SECONDS)
    .catch(() => undefined);
}

export async function forgetAiEngineStatus(
  redis: RedisConnection,
  prefix: string,
  instance: string,
): Promise<void> {
  await redis.del(statusKey(prefix, instance)).catch(() => undefined);
}

export async function readAiEngineStatuses(
  redis: RedisConnection,
  prefix: string,
): Promise<AiEngineStatus[]> {
  const keys: string[] = [];
  for await (const batch of scanKeys(redis, statusKey(prefix, '*'), 200)) keys.push(...batch);
  if (keys.length === 0) return [];
  const values = await redis.mget(keys);
  return values
    .filter((value): value is string => value !== null)
    .map((value) => JSON.parse(value) as AiEngineStatus)
    .sort((a, b) => a.instance.localeCompare(b.instance));
}
