import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

// The whole of Lectern as users get it: the gateway serving the built web app and /api, the six workers,
// and the fake YouTube with its sample lectures. Each run has its own database and Redis prefix.

/** The machine's PostgreSQL and Redis, or the ones `npm test` started for the run (scripts/test-with-servers.mjs). */
const POSTGRES_SERVER = process.env.LECTERN_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKERS = ['transcripts', 'ai', 'export', 'billing', 'mail', 'media'] as const;

/** The sample lectures `npm run demo` offers on the analyse page, offered here too. */
export const DEMO_SAMPLES = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'scripts/demo-samples.json'), 'utf8'),
) as { title: string; youtubeId: string }[];

export interface RunningStack {
  baseUrl: string;
  youtubeUrl: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
  output: string[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function start(name: string, script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const entry = path.join(REPO_ROOT, script);
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build Lectern first (npm run build)`);
  const child = spawn(process.execPath, [entry, ...args], { cwd: REPO_ROOT, env, stdio: 'pipe' });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, process: child, output };
}

async function stopChild(child: Child): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function firstLine(child: Child, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${child.name} did not start:\n${child.output.join('')}`)),
      timeoutMs,
    );
    const check = () => {
      const match = child.output.join('').match(pattern);
      if (!match) return;
      clearTimeout(timer);
      child.process.stdout?.off('data', check);
      resolve(match);
    };
    child.process.stdout?.on('data', check);
    child.process.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited:\n${child.output.join('')}`));
    });
    check();
  });
}

async function waitUntilReady(baseUrl: string, children: Child[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const dead = children.find((c) => c.process.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited during start-up:\n${dead.output.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const logs = children.map((c) => `--- ${c.name}\n${c.output.join('')}`).join('\n');
  throw new Error(`Lectern was not ready within ${timeoutMs} ms (last answer: ${last})\n${logs}`);
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface StackOptions {
  /** Where the mail worker delivers; without it mails are only logged. */
  smtpUrl?: string;
  /** An OpenAI-compatible server (a fake) for the ai worker; the offline engine writes without it. */
  openAi?: { baseUrl: string; apiKey: string; model: string };
  /** An OpenAI-compatible speech-to-text endpoint (a fake) for the media worker's uploaded recordings. */
  transcribe?: { baseUrl: string; apiKey: string; model: string };
  /** YOUTUBE_AUDIO_COMMAND for the gateway and the media worker: a fake downloader writing a prepared recording. */
  youtubeAudioCommand?: string;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const id = randomBytes(5).toString('hex');
  const database = `lectern_e2e_${id}`;
  const prefix = `lectern-e2e-${id}`;
  const [port, youtubePort] = await Promise.all([freePort(), freePort()]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = `${POSTGRES_SERVER}/${database}`;
  const children: Child[] = [];

  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await dropDatabase(database).catch(() => undefined);
    await deleteRedisKeys(prefix).catch(() => undefined);
  };

  try {
    const youtube = start(
      'fake YouTube',
      'tools/fakes/dist/youtube/cli.js',
      ['--port', String(youtubePort)],
      {
        ...process.env,
        FAKE_YOUTUBE_SLOW_MS: '1500',
      },
    );
    children.push(youtube);
    const [, youtubeUrl = ''] = await firstLine(youtube, /listening on (\S+)/, 15_000);

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      YOUTUBE_ORIGIN: youtubeUrl,
      YOUTUBE_PROXY_URL: '',
      // The fake YouTube answers at once: paced as `npm run demo` paces it, a 120-lecture playlist imports in a
      // minute or so rather than six.
      YOUTUBE_FETCHES_PER_MINUTE: '600',
      // The video page plays in the fake YouTube's stand-in for YouTube's IFrame Player API.
      YOUTUBE_IFRAME_API_URL: `${youtubeUrl}/iframe_api`,
      OPENAI_API_KEY: options.openAi?.apiKey ?? '',
      // No model server on the machine running the tests writes in place of the offline engine.
      AI_LOCAL_MODEL: 'off',
      ...(options.openAi
        ? { OPENAI_BASE_URL: options.openAi.baseUrl, OPENAI_MODEL: options.openAi.model }
        : {}),
      ...(options.transcribe
        ? {
            TRANSCRIBE_BASE_URL: options.transcribe.baseUrl,
            TRANSCRIBE_API_KEY: options.transcribe.apiKey,
            TRANSCRIBE_MODEL: options.transcribe.model,
            // Short pieces, so a recording of a minute is transcribed in several, as an hour is.
            TRANSCRIBE_PIECE_SECONDS: '30',
          }
        : {}),
      ...(options.youtubeAudioCommand ? { YOUTUBE_AUDIO_COMMAND: options.youtubeAudioCommand } : {}),
      STRIPE_SECRET_KEY: '',
      WEB_DIST_DIR: path.join(REPO_ROOT, 'frontend/dist'),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      MAIL_FROM: 'Lectern <no-reply@lectern.test>',
      // Every test signs up and in from 127.0.0.1.
      AUTH_RATE_LIMIT_IP: '10000',
      AUTH_RATE_LIMIT_EMAIL: '1000',
      SAMPLE_VIDEOS: DEMO_SAMPLES.map(
        ({ title, youtubeId }) => `${title}|https://www.youtube.com/watch?v=${youtubeId}`,
      ).join(','),
    };
    children.push(start('gateway', 'services/gateway/dist/main.js', [], env));
    for (const worker of WORKERS) children.push(start(worker, `services/${worker}/dist/worker.js`, [], env));
    await waitUntilReady(baseUrl, children, 60_000);
    return { baseUrl, youtubeUrl, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
