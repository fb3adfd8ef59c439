import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteKeysUnderPrefix } from '@lectern/queue-runtime';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { startFakeYouTube, type FakeYouTube } from '@lectern/fakes/youtube';
import { dropDatabase } from '../../../../services/gateway/test/support';

// Fault drills run the BUILT services as real processes, so that SIGKILL and SIGTERM are the real thing.
const ROOT = path.resolve(__dirname, '../../../..');
export const FAKE_OPENAI_KEY = 'sk-lectern-drill-5c1e';
export type ServiceName = 'gateway' | 'transcripts' | 'ai' | 'export' | 'billing' | 'mail' | 'media';
export const WORKERS: ServiceName[] = ['transcripts', 'ai', 'export', 'billing', 'mail', 'media'];
/** The file a service's own process runs: the gateway's `main.js`, a worker's `worker.js`. */
export const entryOf = (name: string) => `services/${name}/dist/${name === 'gateway' ? 'main' : 'worker'}.js`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls with a pause until the check passes or the deadline is reached; returns the last value. */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await probe();
      if (done(value)) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(250);
  }
}

export interface RunningService {
  name: ServiceName;
  child: ChildProcess;
  /** Everything the process wrote (pino JSON lines). */
  output: string[];
  exited: Promise<number | null>;
  /** Its own TMPDIR. */
  tempDir: string;
}

/** What every drill runs against: its own database, Redis prefix, fake YouTube and OpenAI. */
export interface DrillWorld {
  env: Record<string, string>;
  baseUrl: string;
  youtube: FakeYouTube;
  openAi: FakeOpenAi;
  sql<T = Record<string, unknown>>(query: string, parameters?: unknown[]): Promise<T[]>;
  /** Closes the fakes and removes the database and the Redis keys. */
  cleanUp(): Promise<void>;
}

export async function startDrillWorld(
  options: { redisUrl?: string; env?: Record<string, string> } = {},
): Promise<DrillWorld> {
  const id = randomBytes(4).toString('hex');
  const youtube = await startFakeYouTube({ slowDelayMs: 4000 });
  const openAi = await startFakeOpenAi({ apiKey: FAKE_OPENAI_KEY, model: 'gpt-4o-mini' });
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `${process.env.LECTERN_TEST_POSTGRES_URL!}/lectern_drill_${id}`,
    REDIS_URL: options.redisUrl ?? process.env.LECTERN_TEST_REDIS_URL!,
    REDIS_PREFIX: `lectern-drill-${id}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    YOUTUBE_ORIGIN: youtube.url,
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: openAi.baseURL,
    OPENAI_MODEL: 'gpt-4o-mini',
    AUTH_RATE_LIMIT_IP: '1000000',
    AUTH_RATE_LIMIT_EMAIL: '1000000',
    ...options.env,
  };
  return {
    env,
    baseUrl: `http://127.0.0.1:${port}`,
    youtube,
    openAi,
    async sql<T>(query: string, parameters: unknown[] = []) {
      const client = new Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return (await client.query(query, parameters)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async cleanUp() {
      await youtube.close();
      await openAi.close();
      await dropDatabase(env.DATABASE_URL!);
      await deleteKeysUnderPrefix(env.REDIS_URL!, env.REDIS_PREFIX!);
    },
  };
}

export interface ProcessStack extends Omit<DrillWorld, 'cleanUp'> {
  services: Map<ServiceName, RunningService[]>;
  /** Another process of a service; `env` overrides the stack's (a second gateway's own PORT). */
  start(name: ServiceName, env?: Record<string, string>): RunningService;
  /** SIGTERM to every process, then wait for them all to exit. */
  stopProcesses(): Promise<void>;
  stop(): Promise<void>;
}

export async function startProcessStack(
  options: { redisUrl?: string; workers?: ServiceName[]; env?: Record<string, string> } = {},
): Promise<ProcessStack> {
  const { cleanUp, ...world } = await startDrillWorld(options);
  const services = new Map<ServiceName, RunningService[]>();
  // Each process has a temporary directory of its own, as on separate hosts: nothing may pass through a disk.
  const tempDirs: string[] = [];
  const start = (name: ServiceName, env: Record<string, string> = {}): RunningService => {
    const tempDir = mkdtempSync(path.join(tmpdir(), `lectern-drill-${name}-`));
    tempDirs.push(tempDir);
    const child = spawn(process.execPath, [path.join(ROOT, entryOf(name))], {
      env: { ...world.env, TMPDIR: tempDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const service = { name, child, output, exited, tempDir };
    services.set(name, [...(services.get(name) ?? []), service]);
    return service;
  };
  start('gateway');
  await until(
    () => fetch(`${world.baseUrl}/api/health`),
    (r) => r.ok,
    60_000,
    'gateway start',
  );
  for (const worker of options.workers ?? WORKERS) start(worker);

  const stopProcesses = async () => {
    const running = [...services.values()].flat().filter((s) => s.child.exitCode === null && !s.child.killed);
    for (const s of running) s.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
  };

  return {
    ...world,
    services,
    start,
    stopProcesses,
    async stop() {
      await stopProcesses();
      await cleanUp();
      for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the stack answers ready (every worker reporting in). */
export function waitReady(stack: Pick<DrillWorld, 'baseUrl'>, timeoutMs = 60_000) {
  return until(
    () => fetch(`${stack.baseUrl}/api/health/ready`),
    (r) => r.ok,
    timeoutMs,
    'readiness',
  );
}

export interface ApiUser {
  email: string;
  cookie: string;
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field in the drills
  call(method: string, route: string, body?: unknown): Promise<{ status: number; body: any }>;
}

export async function signUp(
  stack: Pick<DrillWorld, 'baseUrl'>,
  label = 'drill',
  email = `${label}.${randomBytes(4).toString('hex')}@example.com`,
): Promise<ApiUser> {
  const response = await fetch(`${stack.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  const user = (await response.json()) as { id: string };
  return {
    email,
    cookie,
    id: user.id,
    async call(method, route, body) {
      const answer = await fetch(`${stack.baseUrl}${route}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const type = answer.headers.get('content-type') ?? '';
      return {
        status: answer.status,
        body: type.includes('json') ? await answer.json() : await answer.text(),
      };
    },
  };
}

/** A private redis-server (never the machine's shared one) that a drill may restart at will. */
export interface OwnRedis {
  url: string;
  port: number;
  restart(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnRedis(extraArgs: string[] = []): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-drill-redis-'));
  let child: ChildProcess | null = null;
  const startServer = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--dir',
        dir,
        ...extraArgs,
      ],
      { stdio: 'ignore' },
    );
    await until(
      async () => {
        const probe = new Redis(port, '127.0.0.1', {
          maxRetriesPerRequest: 0,
          lazyConnect: true,
          retryStrategy: () => null,
        });
        try {
          await probe.connect();
          return await probe.ping();
        } finally {
          probe.disconnect();
        }
      },
      (pong) => pong === 'PONG',
      10_000,
      'redis-server start',
    );
  };
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await startServer();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start: startServer,
    kill,
    async restart() {
      await kill('SIGTERM');
      await startServer();
    },
    async stop() {
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
