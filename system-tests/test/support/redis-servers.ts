import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now, chosen by the system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RedisProcess {
  port: number;
  process: ChildProcess;
  /** SIGKILL: no shutdown, no save, as a crashed machine. */
  kill(): void;
}

/**
 * Redis servers of a test, each a child process on a free loopback port with its files in one temporary
 * folder; `stop` kills every one of them and removes the folder, whatever state the test left them in.
 */
export class RedisServers {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'lectern-redis-'));
  private readonly started: RedisProcess[] = [];

  async server(args: string[] = []): Promise<RedisProcess> {
    return this.start('redis-server', args);
  }

  async sentinel(primaryPort: number, name: string, quorum: number): Promise<RedisProcess> {
    const port = await freePort();
    const config = path.join(this.dir, `sentinel-${port}.conf`);
    writeFileSync(
      config,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${this.dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} ${quorum}`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 5000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    return this.spawnAndWait('redis-sentinel', [config], port);
  }

  private async start(binary: string, args: string[]): Promise<RedisProcess> {
    const port = await freePort();
    return this.spawnAndWait(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'no',
        ...args,
      ],
      port,
    );
  }

  private async spawnAndWait(binary: string, args: string[], port: number): Promise<RedisProcess> {
    const child = spawn(binary, args, { stdio: 'ignore' });
    const handle: RedisProcess = { port, process: child, kill: () => child.kill('SIGKILL') };
    this.started.push(handle);
    const missing = new Promise<never>((_, reject) =>
      child.once('error', (error) =>
        reject(new Error(`${binary} could not start (${error.message}): install Debian's ${binary} package`)),
      ),
    );
    missing.catch(() => undefined); // an error after the start is the test's to see, not an unhandled rejection
    await Promise.race([waitForPing(port), missing]);
    return handle;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.started.map(
        ({ process: child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function waitForPing(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Redis on port ${port} did not answer: ${String(error)}`);
      await sleep(50);
    } finally {
      probe.disconnect();
    }
  }
}

/** One primary, one replica and three Sentinels (quorum 2) watching the primary under `name`. */
export async function startSentinelGroup(servers: RedisServers, name = 'lectern') {
  const primary = await servers.server();
  const replica = await servers.server(['--replicaof', '127.0.0.1', String(primary.port)]);
  await waitFor(async () => (await info(primary.port, 'replication')).includes('connected_slaves:1'));
  const sentinels: RedisProcess[] = [];
  for (let index = 0; index < 3; index += 1) sentinels.push(await servers.sentinel(primary.port, name, 2));
  // Each Sentinel has found the replica and the other Sentinels, so a failover can be agreed on.
  await waitFor(async () => {
    for (const sentinel of sentinels) {
      const state = (await command(sentinel.port, ['SENTINEL', 'MASTER', name])) as string[];
      const fields = new Map<string, string>();
      for (let i = 0; i + 1 < state.length; i += 2) fields.set(state[i]!, state[i + 1]!);
      if (fields.get('num-slaves') !== '1' || fields.get('num-other-sentinels') !== '2') return false;
    }
    return true;
  }, 20_000);
  return { primary, replica, sentinels, name };
}

/** Three primaries (no replicas) made into a Redis Cluster, every slot covered. */
export async function startCluster(servers: RedisServers) {
  const nodes: RedisProcess[] = [];
  for (let index = 0; index < 3; index += 1)
    nodes.push(
      await servers.server([
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        path.join(servers.dir, `nodes-${index}.conf`),
        '--cluster-node-timeout',
        '2000',
      ]),
    );
  await run('redis-cli', [
    '--cluster',
    'create',
    ...nodes.map((node) => `127.0.0.1:${node.port}`),
    '--cluster-replicas',
    '0',
    '--cluster-yes',
  ]);
  await waitFor(async () => {
    for (const node of nodes)
      if (!String(await command(node.port, ['CLUSTER', 'INFO'])).includes('cluster_state:ok')) return false;
    return true;
  }, 20_000);
  return { nodes };
}

async function command(port: number, args: string[]): Promise<unknown> {
  const client = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    return await client.call(args[0]!, ...args.slice(1));
  } finally {
    client.disconnect();
  }
}

async function info(port: number, section: string): Promise<string> {
  return String(await command(port, ['INFO', section]));
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('gave up waiting for the Redis servers');
    await sleep(100);
  }
}

export { command as redisCommand, info as redisInfo };
