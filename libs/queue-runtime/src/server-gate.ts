import net from 'node:net';
import { redactCredentials } from './config';
import type { Logger } from './logger';

/** A server a process needs before it can start, as configured: the variable and its URL. */
export interface RequiredServer {
  variable: string;
  url: string;
}

const DEFAULT_PORTS: Record<string, number> = { redis: 6379, rediss: 6379, postgres: 5432, postgresql: 5432 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when something accepts a TCP connection at the URL's host and port. */
export function serverAnswers(url: string, timeoutMs = 2_000): Promise<boolean> {
  const parsed = new URL(url);
  const port = Number(parsed.port) || DEFAULT_PORTS[parsed.protocol.replace(/:$/, '')] || 0;
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The one sentence said when a configured server does not answer: what, where (no credentials), what to do. */
export function unansweredServerSentence({ variable, url }: RequiredServer): string {
  const kind = variable === 'DATABASE_URL' ? 'PostgreSQL' : 'Redis';
  return (
    `${variable} (${redactCredentials(url)}) does not answer: start that ${kind} server or correct ${variable} ` +
    `(left unset, npm start runs a ${kind} of its own); waiting for it, with a reminder every minute`
  );
}

/**
 * Waits until every server answers before a process builds anything on them: one warning line for each that
 * does not, then quiet retries with a reminder every `reminderMs`, instead of a stack trace per attempt or a
 * crash and restart loop.
 */
export async function waitForServers(
  servers: readonly RequiredServer[],
  logger: Logger,
  { retryMs = 1_000, reminderMs = 60_000 } = {},
): Promise<void> {
  const warnedAt = new Map<string, number>();
  for (;;) {
    const answers = await Promise.all(servers.map((server) => serverAnswers(server.url)));
    const missing = servers.filter((_, index) => !answers[index]);
    for (const server of servers)
      if (!missing.includes(server) && warnedAt.has(server.variable)) {
        logger.info({ variable: server.variable }, `${server.variable} answers now`);
        warnedAt.delete(server.variable);
      }
    if (missing.length === 0) return;
    for (const server of missing) {
      const last = warnedAt.get(server.variable);
      if (last !== undefined && Date.now() - last < reminderMs) continue;
      logger.warn({ variable: server.variable }, unansweredServerSentence(server));
      warnedAt.set(server.variable, Date.now());
    }
    await sleep(retryMs);
  }
}

/**
 * The servers a process with this configuration needs: Redis (unless it is reached through Sentinel or a
 * Cluster, which their own settings name) and PostgreSQL when the process uses it.
 */
export function requiredServersOf(
  env: { REDIS_URL: string; DATABASE_URL?: string },
  processEnv: NodeJS.ProcessEnv = process.env,
): RequiredServer[] {
  const servers: RequiredServer[] = [];
  if (!processEnv.REDIS_SENTINELS && !processEnv.REDIS_CLUSTER_NODES)
    servers.push({ variable: 'REDIS_URL', url: env.REDIS_URL });
  if (env.DATABASE_URL) servers.push({ variable: 'DATABASE_URL', url: env.DATABASE_URL });
  return servers;
}
