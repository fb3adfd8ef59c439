// The two layouts of `npm start`: a process per service (the default) and every service in one process
// (LECTERN_PROCESSES=one). Each runs under the real launcher with its own database and Redis prefix, the fake
// YouTube and the offline AI engine, as `npm run demo` does. For each: the time from the launcher's start to
// /api/health/ready, the resident memory (RSS, from /proc, summed over every process under the launcher) at rest
// after ready, and its peak and mean while a few users analyse new videos, generate study aids and export them.
// Targets: one process under 300 MB at rest and under 450 MB under that load (six processes: about 760 MB at rest).
// `node bench/layouts.bench.mjs` runs this section alone (build first: npm run build).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, round, signUp } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { startFakeYouTube } = require('@lectern/fakes/youtube');
const { dropDatabase } = require(path.join(root, 'services/gateway/dist/database/ensure-database'));
const { deleteKeysUnderPrefix } = require(path.join(root, 'libs/queue-runtime/dist'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const LAYOUTS = { separate: 'a process per service (default)', one: 'one process (LECTERN_PROCESSES=one)' };
const REST_SETTLE_MS = 10_000;
const FEATURES = ['summary', 'flashcards', 'cornell_notes'];
const EXPORTS = ['pdf', 'docx', 'txt'];
const TARGETS_MB = { oneAtRest: 300, oneUnderLoad: 450 };

/** Every process under `root` (children and theirs), from the parent PIDs in /proc. */
function descendants(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    for (const child of children.get(pending.pop()) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

function rssMb(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** What a process under the launcher runs: the service's name, or `lectern` for the one process. */
function nameOf(pid) {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const service = args.map((arg) => /services\/([a-z]+)\/dist\/main\.js$/.exec(arg)?.[1]).find(Boolean);
    if (service) return service;
    return args.some((arg) => arg.endsWith('one-process.mjs')) ? 'lectern (every service)' : args.join(' ');
  } catch {
    return '?';
  }
}

/** RSS of the instance's processes (the launcher's descendants, not the launcher itself), per process and in all. */
function instanceMemory(launcherPid) {
  const perProcess = descendants(launcherPid).map((pid) => ({ process: nameOf(pid), rssMb: rssMb(pid) }));
  return { totalMb: perProcess.reduce((sum, p) => sum + p.rssMb, 0), perProcess };
}

async function readyWithin(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await sleep(100);
  }
  return false;
}

/** New videos for the fake YouTube (each analysis of one is a transcripts job), made from its sample lectures. */
function newVideoIds(youtube, count) {
  const templates = ['phtsynth101', 'printpress1', 'derivative1', 'supplydmnd1', 'hashtables1'];
  const run = randomBytes(2).toString('hex');
  return Array.from({ length: count }, (_, n) => {
    const id = `ly${run}${String(n).padStart(5, '0')}`;
    youtube.videos.set(id, { ...youtube.videos.get(templates[n % templates.length]), id });
    return id;
  });
}

/** Users who, each in turn, analyse a new video, generate study aids of it and export it, until `until`. */
async function driveLoad(baseUrl, users, videoIds, until) {
  let next = 0;
  const counts = { analyses: 0, generations: 0, exports: 0, failures: 0 };
  const expectOk = async (response, kind) => {
    await response.arrayBuffer();
    if (response.ok) counts[kind] += 1;
    else counts.failures += 1;
    return response.ok;
  };
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < until) {
        const youtubeId = videoIds[next++ % videoIds.length];
        const analysed = await user.call('POST', '/api/transcripts/fetch', { youtubeUrl: youtubeId });
        if (!analysed.ok) {
          counts.failures += 1;
          await analysed.arrayBuffer();
          continue;
        }
        counts.analyses += 1;
        const { id } = await analysed.json();
        for (const type of FEATURES)
          await expectOk(
            await user.call('POST', '/api/ai/generate', { videoId: id, type, regenerate: true }),
            'generations',
          );
        for (const format of EXPORTS)
          await expectOk(await user.call('GET', `/api/videos/${id}/export/${format}`), 'exports');
      }
    }),
  );
  return counts;
}

async function measureLayout(layout, { loadSeconds, users: userCount }) {
  const id = randomBytes(4).toString('hex');
  const youtube = await startFakeYouTube();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: baseUrl,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/lectern_bench_layout_${id}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `lectern-bench-layout-${id}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    YOUTUBE_ORIGIN: youtube.url,
    OPENAI_API_KEY: '',
    LECTERN_PROCESSES: layout,
    JOBS_IN_FLIGHT_PRO: '1000',
    ANALYSES_PER_HOUR_PRO: '1000000',
    GENERATIONS_PER_HOUR_PRO: '1000000',
    EXPORTS_PER_HOUR_PRO: '1000000',
    AUTH_RATE_LIMIT_IP: '1000000',
    AUTH_RATE_LIMIT_EMAIL: '1000000',
  };
  const started = Date.now();
  const launcher = spawn(process.execPath, [path.join(root, 'launch.mjs'), 'start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors = [];
  launcher.stderr.on('data', (chunk) => errors.push(String(chunk)));
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  try {
    if (!(await readyWithin(`${baseUrl}/api/health/ready`, 180_000)))
      throw new Error(`the ${layout} layout did not become ready: ${errors.join('').slice(-2000)}`);
    const startToReadyS = (Date.now() - started) / 1000;
    await sleep(REST_SETTLE_MS);
    const atRest = instanceMemory(launcher.pid);

    const users = [];
    for (let n = 0; n < userCount; n += 1) users.push(await signUp(baseUrl, `layout-${layout}`));
    const db = new Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    await db.query(`UPDATE users SET plan = 'pro' WHERE email LIKE 'layout-%'`);
    await db.end();
    const samples = [];
    const sampler = setInterval(() => samples.push(instanceMemory(launcher.pid).totalMb), 250);
    const work = await driveLoad(baseUrl, users, newVideoIds(youtube, 500), Date.now() + loadSeconds * 1000);
    clearInterval(sampler);
    const peak = Math.max(...samples);
    return {
      processes: atRest.perProcess.length,
      startToReadyS: round(startToReadyS, 1),
      atRestMb: round(atRest.totalMb),
      underLoadPeakMb: round(peak),
      underLoadMeanMb: round(samples.reduce((sum, mb) => sum + mb, 0) / samples.length),
      work,
      perProcessAtRest: atRest.perProcess.map((p) => ({ process: p.process, rssMb: round(p.rssMb) })),
    };
  } finally {
    const stopping = Date.now();
    launcher.kill('SIGINT');
    await exited;
    const stopS = (Date.now() - stopping) / 1000;
    if (stopS > 35) console.warn(`the ${layout} layout took ${round(stopS)} s to stop`);
    await youtube.close();
    await dropDatabase(env.DATABASE_URL);
    await deleteKeysUnderPrefix(env.REDIS_URL, env.REDIS_PREFIX);
  }
}

/** Both layouts, one after the other, under the same load; memory and start-to-ready of each. */
export async function layoutComparison({
  loadSeconds = Number(process.env.LAYOUT_LOAD_SECONDS ?? 30),
  users = Number(process.env.LAYOUT_USERS ?? 3),
} = {}) {
  const load = [os.loadavg()[0]];
  const measured = {};
  for (const layout of Object.keys(LAYOUTS)) {
    measured[layout] = await measureLayout(layout, { loadSeconds, users });
    load.push(os.loadavg()[0]);
  }
  const { one, separate } = measured;
  const rows = [
    ['processes (under the launcher)', 'processes'],
    ['start to ready, s', 'startToReadyS'],
    ['RSS at rest, MB', 'atRestMb'],
    ['RSS under load, peak MB', 'underLoadPeakMb'],
    ['RSS under load, mean MB', 'underLoadMeanMb'],
  ];
  return {
    load: `${users} Pro users for ${loadSeconds} s, each in turn: analyse a new video (fake YouTube), generate ${FEATURES.join(', ')} (offline engine), export ${EXPORTS.join(', ')}`,
    machineLoadAverage: `${round(Math.min(...load))} to ${round(Math.max(...load))} (1-minute, ${os.cpus().length} cores)`,
    comparison: rows.map(([what, key]) => ({ what, separate: separate[key], one: one[key] })),
    workDone: [
      { layout: LAYOUTS.separate, ...separate.work },
      { layout: LAYOUTS.one, ...one.work },
    ],
    perProcessAtRest: [
      ...separate.perProcessAtRest.map((p) => ({ layout: 'separate', ...p })),
      ...one.perProcessAtRest.map((p) => ({ layout: 'one', ...p })),
    ],
    targets: `one process: at rest ${one.atRestMb} MB (target < ${TARGETS_MB.oneAtRest}), under load peak ${one.underLoadPeakMb} MB (target < ${TARGETS_MB.oneUnderLoad})`,
  };
}

// `node bench/layouts.bench.mjs` (after `npm run build`): only this section.
if (process.argv[1] === path.join(root, 'bench/layouts.bench.mjs')) {
  const figures = await layoutComparison();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
