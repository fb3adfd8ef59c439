// Starts the built Lectern (gateway and workers as child processes) against its own database and Redis prefix,
// with the fake YouTube standing in for YouTube. Each process has a temporary directory (TMPDIR) of its own, as on
// separate hosts; `gateways` and `copies` start more than one gateway (each on its own port) and more than one
// process of each worker. Everything is torn down and dropped afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { startFakeYouTube } = require('@lectern/fakes/youtube');
const { dropDatabase } = require(path.join(root, 'services/gateway/dist/database/ensure-database'));
const { deleteKeysUnderPrefix } = require(path.join(root, 'libs/queue-runtime/dist'));

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const WORKERS = ['transcripts', 'ai', 'export', 'billing', 'mail', 'media'];

export async function startStack({
  workers = WORKERS,
  env: extra = {},
  gateways = 1,
  copies = 1,
  prefix,
} = {}) {
  const id = randomBytes(4).toString('hex');
  const youtube = await startFakeYouTube({ slowDelayMs: 2000 });
  const ports = [];
  for (let i = 0; i < gateways; i += 1) ports.push(await freePort());
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(ports[0]),
    APP_URL: `http://127.0.0.1:${ports[0]}`,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/lectern_bench_${id}`,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix ?? `lectern-bench-${id}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // The load runs many jobs per user: per-user job limits would turn it into 429s.
    JOBS_IN_FLIGHT_PRO: '1000',
    ANALYSES_PER_HOUR_PRO: '1000000',
    GENERATIONS_PER_HOUR_PRO: '1000000',
    EXPORTS_PER_HOUR_PRO: '1000000',
    BILLING_REQUESTS_PER_HOUR: '1000000',
    YOUTUBE_ORIGIN: youtube.url,
    // The video page's player runs, as the fake YouTube's stand-in for YouTube's IFrame Player API.
    YOUTUBE_IFRAME_API_URL: `${youtube.url}/iframe_api`,
    OPENAI_API_KEY: '',
    AUTH_RATE_LIMIT_IP: '1000000',
    AUTH_RATE_LIMIT_EMAIL: '1000000',
    ...extra,
  };
  /** The first process of each kind, by name; `processes` lists them all. */
  const children = new Map();
  const processes = [];
  const tempDirs = [];
  const spawnService = (name, overrides = {}) => {
    const tempDir = mkdtempSync(path.join(os.tmpdir(), `lectern-bench-${name}-`));
    tempDirs.push(tempDir);
    const child = spawn(
      process.execPath,
      [path.join(root, `services/${name}/dist/${name === 'gateway' ? 'main' : 'worker'}.js`)],
      {
        env: { ...env, TMPDIR: tempDir, ...overrides },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (!children.has(name)) children.set(name, child);
    processes.push({ name, child, tempDir });
    return child;
  };
  const gatewayUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  // One gateway first: it runs the migrations, the others find them done.
  spawnService('gateway');
  await waitFor(`${gatewayUrls[0]}/api/health`);
  for (const port of ports.slice(1)) spawnService('gateway', { PORT: String(port) });
  for (const url of gatewayUrls.slice(1)) await waitFor(`${url}/api/health`);
  for (let copy = 0; copy < copies; copy += 1) for (const worker of workers) spawnService(worker);
  if (workers.length === WORKERS.length) await waitFor(`${gatewayUrls[0]}/api/health/ready`);

  return {
    env,
    baseUrl: gatewayUrls[0],
    gatewayUrls,
    youtube,
    children,
    processes,
    spawnService,
    async stop() {
      const running = processes.map((p) => p.child).filter((c) => c.exitCode === null);
      const exited = running.map((c) => new Promise((r) => c.once('exit', r)));
      for (const child of running) child.kill('SIGTERM');
      await Promise.all(exited);
      await youtube.close();
      await dropDatabase(env.DATABASE_URL);
      await deleteKeysUnderPrefix(env.REDIS_URL, env.REDIS_PREFIX);
      for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready`);
    await sleep(250);
  }
}

/** A signed-in user of the running stack: fetch with its session cookie. */
export async function signUp(baseUrl, label = 'bench') {
  const email = `${label}.${randomBytes(4).toString('hex')}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status}`);
  const cookie = response.headers.get('set-cookie').split(';')[0];
  const call = (method, route, body) =>
    fetch(`${baseUrl}${route}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  return { email, cookie, user: await response.json(), call };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
