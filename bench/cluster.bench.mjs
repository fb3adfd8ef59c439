// Lectern as a cluster on one machine: two gateways (each its own port and temporary directory, as on separate
// hosts) and two processes of each worker, sharing one PostgreSQL database and one Redis prefix (in braces, as
// Redis Cluster wants it), behind a small round-robin (bench/lib/round-robin.mjs). The same mix of sign-ups,
// sign-ins, analyses, page views, AI generations, exports and checkouts runs through one gateway, then through
// both, in alternating rounds: throughput, p99, errors, CPU seconds per 1,000 requests for each kind of process, each worker process's
// share of its queue's jobs, and sessions made on one gateway used on the other.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile, root, round, signUp, startStack, WORKERS } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { createRedis, readHeartbeats, quitRedis } = require(path.join(root, 'libs/queue-runtime/dist'));
const { startFakeOpenAi } = require('@lectern/fakes/openai');
const fakeStripe = require('@lectern/fakes/stripe');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const PASSWORD = 'correct horse battery';
const LECTURES = ['phtsynth101', 'printpress1', 'derivative1', 'supplydmnd1', 'hashtables1'];
const FEATURES = ['summary', 'insights', 'flashcards', 'cornell_notes', 'tweet', 'blog', 'action_plan'];
const OPENAI_KEY = 'sk-lectern-bench-cluster';
const NEW_VIDEOS = 10_000;
const USERS = 10;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Lecture videos YouTube has never shown Lectern: each analysis of one is a transcripts job through the fake. */
function addNewVideos(youtube) {
  const template = youtube.videos.get('derivative1');
  const ids = [];
  for (let n = 0; n < NEW_VIDEOS; n += 1) {
    const id = `cl${String(n).padStart(9, '0')}`;
    // The fake's catalogue is a plain Map: adding entries is how a benchmark widens it.
    youtube.videos.set(id, { ...template, id });
    ids.push(id);
  }
  return ids;
}

async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return response.status === 200 ? response.headers.get('set-cookie').split(';')[0] : null;
}

/** Readers (Pro, five lectures each), analysts (Pro) and payers (Free, for checkouts), all made on gateway A. */
async function prepare(stack) {
  const [gatewayA] = stack.gatewayUrls;
  const group = async (label) => {
    const users = [];
    for (let i = 0; i < USERS; i += 1) users.push(await signUp(gatewayA, `${label}${i}`));
    return users;
  };
  const readers = await group('cl-reader');
  const analysts = await group('cl-analyst');
  const payers = await group('payer');
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  await db.query(`UPDATE users SET plan = 'pro' WHERE email LIKE 'cl-%'`);
  await db.end();
  const pages = [];
  for (const reader of readers) {
    for (const youtubeId of LECTURES) {
      const response = await reader.call('POST', '/api/transcripts/fetch', { youtubeUrl: youtubeId });
      if (response.status !== 200) throw new Error(`cluster setup: analysing failed: ${response.status}`);
      pages.push({ cookie: reader.cookie, videoId: (await response.json()).id });
    }
  }
  return { readers, analysts, payers, pages };
}

/** Signs in on each gateway and uses the session on the other; counts what does not work. */
async function sessionsAcrossGateways(stack, users) {
  const [a, b] = stack.gatewayUrls;
  let tried = 0;
  let failed = 0;
  for (const user of users) {
    for (const [signInOn, useOn] of [
      [a, b],
      [b, a],
    ]) {
      tried += 1;
      const cookie = await signIn(signInOn, user.email);
      const me = cookie ? await fetch(`${useOn}/api/auth/me`, { headers: { cookie } }) : null;
      if (!me || me.status !== 200 || (await me.json()).email !== user.email) failed += 1;
    }
  }
  return { tried, failed };
}

/** Each route its own autocannon instance (own latency figures), all at once; every answer's time recorded. */
function mix(users, newVideos) {
  const { readers, analysts, payers, pages } = users;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const json = (cookie, body) => ({
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const counter = () => {
    let n = 0;
    return () => n++;
  };
  const signUps = counter();
  const analyses = counter();
  const generations = counter();
  const run = randomBytes(3).toString('hex');
  return {
    'POST /api/auth/signup': {
      connections: 2,
      setupRequest: (req) => ({
        ...req,
        path: '/api/auth/signup',
        ...json(null, { email: `cl-new.${run}.${signUps()}@example.com`, password: PASSWORD }),
      }),
    },
    'POST /api/auth/login': {
      connections: 2,
      setupRequest: (req) => ({
        ...req,
        path: '/api/auth/login',
        ...json(null, { email: pick(readers).email, password: PASSWORD }),
      }),
    },
    'POST /api/transcripts/fetch (new video, YouTube)': {
      connections: 4,
      setupRequest: (req) => {
        const n = analyses();
        return {
          ...req,
          path: '/api/transcripts/fetch',
          ...json(analysts[n % analysts.length].cookie, {
            youtubeUrl: `https://youtu.be/${newVideos[n % newVideos.length]}`,
          }),
        };
      },
    },
    'GET /api/videos/:id (video page)': {
      connections: 8,
      setupRequest: (req) => {
        const page = pick(pages);
        return { ...req, path: `/api/videos/${page.videoId}`, headers: { cookie: page.cookie } };
      },
    },
    'GET /api/videos (library)': {
      connections: 6,
      setupRequest: (req) => ({ ...req, path: '/api/videos', headers: { cookie: pick(readers).cookie } }),
    },
    'POST /api/ai/generate (regenerate, fake OpenAI)': {
      connections: 4,
      setupRequest: (req) => {
        const n = generations();
        const page = pages[n % pages.length];
        const type = FEATURES[Math.floor(n / pages.length) % FEATURES.length];
        return {
          ...req,
          path: '/api/ai/generate',
          ...json(page.cookie, { videoId: page.videoId, type, regenerate: true }),
        };
      },
    },
    'GET /api/videos/:id/export/txt': {
      connections: 4,
      setupRequest: (req) => {
        const page = pick(pages);
        return { ...req, path: `/api/videos/${page.videoId}/export/txt`, headers: { cookie: page.cookie } };
      },
    },
    'POST /api/stripe/create-checkout-session (fake Stripe)': {
      connections: 1,
      setupRequest: (req) => ({
        ...req,
        method: 'POST',
        path: '/api/stripe/create-checkout-session',
        headers: { cookie: pick(payers).cookie },
      }),
    },
  };
}

/** Clock ticks of user and system time a process has used, from /proc/<pid>/stat (fields 14 and 15). */
function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function cpuSnapshot(processes) {
  return processes.map(({ name, pid }) => ({ name, pid, ticks: cpuTicks(pid) }));
}

async function startRoundRobin(targets) {
  const child = spawn(process.execPath, [path.join(root, 'bench/lib/round-robin.mjs'), ...targets], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', () => reject(new Error('the round-robin did not start')));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid,
    stats: async () => (await fetch(`${url}/__round-robin/stats`)).json(),
    stop: () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One run of the mix through a round-robin over `gateways`: what each route saw, and each process's CPU. */
async function runPhase(stack, routes, gateways, seconds) {
  const balancer = await startRoundRobin(gateways);
  const processes = [
    ...stack.processes.map(({ name, child }) => ({ name, pid: child.pid })),
    { name: 'round-robin', pid: balancer.pid },
  ];
  const times = Object.keys(routes).map(() => []);
  const before = cpuSnapshot(processes);
  const benchBefore = process.cpuUsage();
  const results = await Promise.all(
    Object.values(routes).map(({ connections, setupRequest }, i) => {
      const instance = autocannon({
        url: balancer.url,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [{ setupRequest }],
      });
      instance.on('response', (_client, _status, _bytes, responseTime) => times[i].push(responseTime));
      return instance;
    }),
  );
  const benchCpu = process.cpuUsage(benchBefore);
  const after = cpuSnapshot(processes);
  const perGateway = await balancer.stats();
  await balancer.stop();
  const cpuSeconds = { 'bench (load generator, fakes)': (benchCpu.user + benchCpu.system) / 1e6 };
  after.forEach((sample, i) => {
    cpuSeconds[sample.name] = (cpuSeconds[sample.name] ?? 0) + (sample.ticks - before[i].ticks) / CLOCK_TICKS;
  });
  return {
    routes: results.map((result, i) => ({
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
      times: times[i],
    })),
    cpuSeconds,
    perGateway,
  };
}

/** The rounds of one configuration added up: per route, in all, CPU per 1,000 requests for each process kind. */
function summarise(routes, runs, seconds) {
  const perRoute = Object.keys(routes).map((route, i) => {
    const times = runs.flatMap((run) => run.routes[i].times);
    return {
      route,
      connections: routes[route].connections,
      requests: runs.reduce((sum, run) => sum + run.routes[i].requests, 0),
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      errors: runs.reduce((sum, run) => sum + run.routes[i].errors, 0),
    };
  });
  const all = runs.flatMap((run) => run.routes.flatMap((r) => r.times));
  const requests = perRoute.reduce((sum, r) => sum + r.requests, 0);
  const cpu = {};
  for (const run of runs)
    for (const [kind, value] of Object.entries(run.cpuSeconds)) cpu[kind] = (cpu[kind] ?? 0) + value;
  const perGateway = runs[0].perGateway.map((gateway, g) => ({
    gateway: gateway.gateway,
    requests: runs.reduce((sum, run) => sum + run.perGateway[g].requests, 0),
    failed: runs.reduce((sum, run) => sum + run.perGateway[g].failed, 0),
  }));
  return {
    requests,
    requestsPerSecond: round(requests / (seconds * runs.length)),
    p50Ms: round(percentile(all, 50)),
    p99Ms: round(percentile(all, 99)),
    errors: perRoute.reduce((sum, r) => sum + r.errors, 0),
    perRoute,
    perGateway,
    cpuSecondsPer1kRequests: Object.fromEntries(
      Object.entries(cpu).map(([kind, value]) => [kind, round(value / (requests / 1000), 3)]),
    ),
  };
}

/** Each worker process's jobs since it started, from the heartbeat it writes every 5 s. */
async function jobShares(stack) {
  await sleep(5500);
  const redis = createRedis(stack.env.REDIS_URL);
  try {
    const beats = await readHeartbeats(redis, stack.env.REDIS_PREFIX);
    return WORKERS.map((service) => {
      const mine = beats.filter((beat) => beat.service === service).sort((x, y) => x.pid - y.pid);
      const total = mine.reduce((sum, beat) => sum + beat.jobsRun, 0);
      return {
        worker: service,
        processes: mine.length,
        jobs: total,
        perProcess: mine.map((beat) => beat.jobsRun).join(' / '),
        shares: mine.map((beat) => `${round((beat.jobsRun / Math.max(1, total)) * 100)}%`).join(' / '),
      };
    });
  } finally {
    await quitRedis(redis);
  }
}

/**
 * `rounds` of `seconds` through one gateway, then through both, alternating, so that other work on the machine
 * weighs on both configurations alike.
 */
export async function clusterComparison({
  seconds = Number(process.env.CLUSTER_SECONDS ?? 10),
  rounds = Number(process.env.CLUSTER_ROUNDS ?? 3),
} = {}) {
  const openAi = await startFakeOpenAi({ apiKey: OPENAI_KEY, model: 'gpt-4o-mini' });
  const stripe = await fakeStripe.startFakeStripe();
  const stack = await startStack({
    gateways: 2,
    copies: 2,
    prefix: `{lectern-bench-${randomBytes(4).toString('hex')}}`,
    env: {
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: openAi.baseURL,
      OPENAI_MODEL: 'gpt-4o-mini',
      STRIPE_SECRET_KEY: fakeStripe.FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: fakeStripe.FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: fakeStripe.FAKE_PRICE_ID,
      STRIPE_API_URL: stripe.url,
    },
  });
  try {
    for (const url of stack.gatewayUrls) {
      const ready = await fetch(`${url}/api/health/ready`);
      if (!ready.ok) throw new Error(`${url} is not ready: ${ready.status}`);
    }
    const users = await prepare(stack);
    const sessions = await sessionsAcrossGateways(stack, users.readers);
    const routes = mix(users, addNewVideos(stack.youtube));
    const oneRuns = [];
    const twoRuns = [];
    const load = [os.loadavg()[0]];
    for (let n = 0; n < rounds; n += 1) {
      oneRuns.push(await runPhase(stack, routes, stack.gatewayUrls.slice(0, 1), seconds));
      twoRuns.push(await runPhase(stack, routes, stack.gatewayUrls, seconds));
      load.push(os.loadavg()[0]);
    }
    const one = summarise(routes, oneRuns, seconds);
    const two = summarise(routes, twoRuns, seconds);
    const shares = await jobShares(stack);
    const kinds = Object.keys(two.cpuSecondsPer1kRequests);
    return {
      runs: `${rounds} rounds of ${seconds} s through one gateway, then ${seconds} s through both`,
      connections: Object.values(routes).reduce((sum, r) => sum + r.connections, 0),
      processes: `2 gateways, 2 of each worker (${WORKERS.join(', ')}), Redis prefix ${stack.env.REDIS_PREFIX}`,
      machineLoadAverage: `${round(Math.min(...load))} to ${round(Math.max(...load))} (1-minute, ${os.cpus().length} cores)`,
      comparison: [
        ['requests', one.requests, two.requests],
        ['requests/s', one.requestsPerSecond, two.requestsPerSecond],
        ['p50 ms (all routes)', one.p50Ms, two.p50Ms],
        ['p99 ms (all routes)', one.p99Ms, two.p99Ms],
        ['errors', one.errors, two.errors],
        ...kinds.map((kind) => [
          `CPU s / 1k requests: ${kind}`,
          one.cpuSecondsPer1kRequests[kind],
          two.cpuSecondsPer1kRequests[kind],
        ]),
      ].map(([what, oneGateway, twoGateways]) => ({ what, oneGateway, twoGateways })),
      throughputRatio: round(two.requestsPerSecond / one.requestsPerSecond, 2),
      routesOneGateway: one.perRoute,
      routesTwoGateways: two.perRoute,
      gatewaysTwo: two.perGateway,
      jobShares: shares,
      sessionsAcrossGateways: `${sessions.tried - sessions.failed} of ${sessions.tried} worked (signed in on one gateway, used on the other)`,
      target: 'zero errors; every process takes a share; nothing works on one gateway and not the other',
    };
  } finally {
    await stack.stop();
    await openAi.close();
    await stripe.close();
  }
}

// `node bench/cluster.bench.mjs` (after `npm run build`): only this section.
if (process.argv[1] === path.join(root, 'bench/cluster.bench.mjs')) {
  const figures = await clusterComparison();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
