import { scanKeys, type RedisConnection } from './redis';
import type { QueueName } from '@lectern/contracts';

const BEAT_INTERVAL_MS = 5000;
const BEAT_TTL_SECONDS = 15;

export interface WorkerBeat {
  service: QueueName;
  pid: number;
  host: string;
  startedAt: string;
  beatAt: string;
  activeJobs: number;
  /** Jobs this process has run since it started, whatever their outcome (ping included). */
  jobsRun: number;
}

function beatKey(prefix: string, service: QueueName, instance: string): string {
  return `${prefix}:workers:${service}:${instance}`;
}

/** Each worker process keeps a short-lived key alive in Redis; the gateway's readiness reads them. */
export function startHeartbeat(
  redis: RedisConnection,
  prefix: string,
  beat: () => Omit<WorkerBeat, 'beatAt'>,
): { stop: () => Promise<void> } {
  const first = beat();
  const key = beatKey(prefix, first.service, `${first.host}:${first.pid}`);
  const write = () =>
    redis
      .set(key, JSON.stringify({ ...beat(), beatAt: new Date().toISOString() }), 'EX', BEAT_TTL_SECONDS)
      .catch(() => undefined);
  void write();
  const timer = setInterval(() => void write(), BEAT_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
}

export async function readHeartbeats(redis: RedisConnection, prefix: string): Promise<WorkerBeat[]> {
  const keys: string[] = [];
  for await (const batch of scanKeys(redis, `${prefix}:workers:*`, 200)) keys.push(...batch);
  if (keys.length === 0) return [];
  const values = await redis.mget(keys);
  return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as WorkerBeat);
}

/**
 * Whether a worker of the service on this host keeps its heartbeat alive (the container healthcheck). The
 * check runs as its own process, so it knows the host but not the worker's pid: it matches the host's keys.
 * A SCAN call covers only part of the keyspace, so the cursor is followed until Redis returns it to 0.
 */
export async function hostHasHeartbeat(
  redis: RedisConnection,
  prefix: string,
  service: QueueName,
  host: string,
): Promise<boolean> {
  const pattern = beatKey(prefix, service, `${host}:*`);
  for await (const _found of scanKeys(redis, pattern, 1000)) return true;
  return false;
}
