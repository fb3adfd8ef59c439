import { z } from 'zod';

/** One address of a Sentinel or a Cluster node. */
export interface RedisNodeAddress {
  host: string;
  port: number;
}

const HOST_PORT = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/;

/** `host:port,host:port` (an IPv6 host in brackets) as addresses; the reason when it is not such a list. */
export function parseNodeList(value: string): RedisNodeAddress[] | string {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) return 'must name at least one host:port';
  const nodes: RedisNodeAddress[] = [];
  for (const item of items) {
    const match = HOST_PORT.exec(item);
    const port = Number(match?.[3]);
    if (!match || port < 1 || port > 65535)
      return `must be a comma-separated list of host:port (such as 10.0.0.5:26379); "${item}" is not`;
    nodes.push({ host: match[1] ?? match[2]!, port });
  }
  return nodes;
}

const nodeList = () =>
  z
    .string()
    .transform((value, ctx) => {
      const parsed = parseNodeList(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();

/**
 * Where a highly available Redis is, besides `REDIS_URL` (which stays the default, and whose user, password,
 * database and `rediss://` still apply to the data nodes). Read by every Lectern process.
 */
export const RedisTopologyEnvShape = {
  /** Sentinels to ask for the current primary, instead of REDIS_URL's host. */
  REDIS_SENTINELS: nodeList(),
  /** The name the Sentinels monitor the primary under (`sentinel monitor <name> …`). */
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or underscores')
    .default('mymaster'),
  /** The Sentinels' own password (`requirepass` in sentinel.conf), when they have one. */
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /** Some nodes of a Redis Cluster; the client discovers the others. */
  REDIS_CLUSTER_NODES: nodeList(),
  /** The data nodes' password, when it is kept out of REDIS_URL; it takes precedence over REDIS_URL's. */
  REDIS_PASSWORD: z.string().optional(),
};

/** How a process reaches Redis: the settings of its environment, or a bare URL (a single Redis). */
export interface RedisSettings {
  REDIS_URL: string;
  REDIS_SENTINELS?: RedisNodeAddress[] | undefined;
  REDIS_SENTINEL_NAME?: string | undefined;
  REDIS_SENTINEL_PASSWORD?: string | undefined;
  REDIS_CLUSTER_NODES?: RedisNodeAddress[] | undefined;
  REDIS_PASSWORD?: string | undefined;
}
export type RedisAddress = string | RedisSettings;

export type RedisTopology = 'single' | 'sentinel' | 'cluster';

export function redisTopology(address: RedisAddress): RedisTopology {
  if (typeof address === 'string') return 'single';
  if (address.REDIS_CLUSTER_NODES?.length) return 'cluster';
  if (address.REDIS_SENTINELS?.length) return 'sentinel';
  return 'single';
}

/** The prefix a Cluster gets when REDIS_PREFIX is not set: a hash tag, so each queue's keys share a slot. */
export const CLUSTER_DEFAULT_PREFIX = '{lectern}';

const BRACED = /^\{[^{}]+\}$/;

/**
 * What is wrong between the Redis variables of a parsed environment, as the end of a sentence after "Invalid
 * configuration: ", or null. `given` is the environment as set (to tell a default from a chosen value).
 */
export function redisTopologyProblem(
  env: Record<string, unknown>,
  given: Record<string, unknown>,
): string | null {
  const sentinels = env.REDIS_SENTINELS as RedisNodeAddress[] | undefined;
  const cluster = env.REDIS_CLUSTER_NODES as RedisNodeAddress[] | undefined;
  if (sentinels?.length && cluster?.length)
    return 'REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set; Lectern uses one Redis: set only one of them';
  if (!cluster?.length) return null;
  const prefix = given.REDIS_PREFIX;
  if (typeof prefix === 'string' && !BRACED.test(prefix))
    return (
      `REDIS_PREFIX must be a name in braces (such as {${prefix}}) with REDIS_CLUSTER_NODES: a Redis Cluster ` +
      'runs a queue’s scripts only when all its keys hash to one slot'
    );
  const database = typeof env.REDIS_URL === 'string' ? urlDatabase(env.REDIS_URL) : 0;
  if (database !== 0)
    return `REDIS_URL names database ${database}, but a Redis Cluster has only database 0: remove "/${database}"`;
  return null;
}

/** A parsed environment with REDIS_CLUSTER_NODES and no REDIS_PREFIX gets the braced default prefix. */
export function withClusterPrefix<T>(env: T, given: Record<string, unknown>): T {
  const record = env as Record<string, unknown>;
  const cluster = record.REDIS_CLUSTER_NODES as RedisNodeAddress[] | undefined;
  if (!cluster?.length || typeof given.REDIS_PREFIX === 'string') return env;
  return { ...record, REDIS_PREFIX: CLUSTER_DEFAULT_PREFIX } as T;
}

/** The database index of a redis:// URL's path (`/2`), 0 when it names none. */
export function urlDatabase(url: string): number {
  const path = new URL(url).pathname.replace(/^\//, '');
  return path === '' ? 0 : Number(path);
}

/** The variables that name these settings, for a process started beside this one (the inverse of parsing). */
export function redisSettingsEnv(settings: RedisSettings): Record<string, string | undefined> {
  const list = (nodes: RedisNodeAddress[] | undefined) =>
    nodes?.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',');
  return {
    REDIS_URL: settings.REDIS_URL,
    REDIS_SENTINELS: list(settings.REDIS_SENTINELS),
    REDIS_SENTINEL_NAME: settings.REDIS_SENTINEL_NAME,
    REDIS_SENTINEL_PASSWORD: settings.REDIS_SENTINEL_PASSWORD,
    REDIS_CLUSTER_NODES: list(settings.REDIS_CLUSTER_NODES),
    REDIS_PASSWORD: settings.REDIS_PASSWORD,
  };
}
