// Load figures: a mixed workload of Pro users for 60 s at 50 connections (zero errors, p50/p99 per route),
// then a 5-minute soak of the same mix reporting the gateway process's memory at its start and end.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, round, signUp } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const LECTURES = ['phtsynth101', 'printpress1', 'derivative1', 'supplydmnd1', 'hashtables1'];
const FEATURES = ['summary', 'insights', 'flashcards'];
const CACHED_COPIES = 3000;
const USERS_PER_GROUP = 20;

/** The gateway child's resident memory, in MB, from /proc (what the operating system charges it). */
export function gatewayRssMb(stack) {
  const status = readFileSync(`/proc/${stack.children.get('gateway').pid}/status`, 'utf8');
  return round(Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)[1]) / 1024);
}

/**
 * Pro users (so no Free limit turns the load into 402s) with the five lectures in their library, and
 * CACHED_COPIES transcripts already in the shared cache under their own video ids: analysing one of those is the
 * cache path (no YouTube request), and there are enough that no user analyses the same video twice.
 */
async function prepare(stack) {
  const readers = [];
  for (let i = 0; i < USERS_PER_GROUP; i += 1) readers.push(await signUp(stack.baseUrl, `load-reader${i}`));
  const analysts = [];
  for (let i = 0; i < USERS_PER_GROUP; i += 1) analysts.push(await signUp(stack.baseUrl, `load-analyst${i}`));
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE users SET plan = 'pro' WHERE email LIKE 'load-%'`);
    const pages = [];
    for (const reader of readers) {
      for (const youtubeId of LECTURES) {
        const response = await reader.call('POST', '/api/transcripts/fetch', { youtubeUrl: youtubeId });
        if (response.status !== 200) throw new Error(`load setup: analysing failed: ${response.status}`);
        pages.push({ cookie: reader.cookie, videoId: (await response.json()).id });
      }
    }
    await db.query(
      `INSERT INTO transcripts (youtube_id, title, channel_name, thumbnail_url, duration, caption_language,
                                captions_auto_generated, segment_count, segments_json, transcript_text)
       SELECT 'ld' || lpad(n::text, 9, '0'), title, channel_name, thumbnail_url, duration, caption_language,
              captions_auto_generated, segment_count, segments_json, transcript_text
         FROM transcripts, generate_series(1, $1) AS n
        WHERE youtube_id = 'hashtables1'`,
      [CACHED_COPIES],
    );
    return { readers, analysts, pages };
  } finally {
    await db.end();
  }
}

/** Each route its own autocannon instance, all at once, so every route has its own latency figures. */
function workload({ readers, analysts, pages }) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  let analysis = 0;
  let generation = 0;
  const json = (cookie, body) => ({
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    'GET /api/videos': {
      connections: 10,
      setupRequest: (req) => ({ ...req, path: '/api/videos', headers: { cookie: pick(readers).cookie } }),
    },
    'GET /api/videos/:id': {
      connections: 10,
      setupRequest: (req) => {
        const page = pick(pages);
        return { ...req, path: `/api/videos/${page.videoId}`, headers: { cookie: page.cookie } };
      },
    },
    'POST /api/transcripts/fetch (cache path)': {
      connections: 10,
      setupRequest: (req) => {
        const n = analysis++;
        const youtubeId = `ld${String(1 + (Math.floor(n / analysts.length) % CACHED_COPIES)).padStart(9, '0')}`;
        const analyst = analysts[n % analysts.length];
        return {
          ...req,
          method: 'POST',
          path: '/api/transcripts/fetch',
          ...json(analyst.cookie, { youtubeUrl: `https://youtu.be/${youtubeId}` }),
        };
      },
    },
    'POST /api/ai/generate (offline engine)': {
      connections: 10,
      setupRequest: (req) => {
        const n = generation++;
        const page = pages[n % pages.length];
        const type = FEATURES[Math.floor(n / pages.length) % FEATURES.length];
        return {
          ...req,
          method: 'POST',
          path: '/api/ai/generate',
          ...json(page.cookie, { videoId: page.videoId, type, regenerate: false }),
        };
      },
    },
    'GET /api/videos/:id/export/txt': {
      connections: 10,
      setupRequest: (req) => {
        const page = pick(pages);
        return { ...req, path: `/api/videos/${page.videoId}/export/txt`, headers: { cookie: page.cookie } };
      },
    },
  };
}

async function runMix(stack, users, seconds) {
  const routes = workload(users);
  const results = await Promise.all(
    Object.values(routes).map(({ connections, setupRequest }) =>
      autocannon({
        url: stack.baseUrl,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [{ setupRequest }],
      }),
    ),
  );
  const perRoute = Object.keys(routes).map((route, i) => ({
    route,
    connections: routes[route].connections,
    requests: results[i].requests.total,
    requestsPerSecond: round(results[i].requests.average),
    p50Ms: results[i].latency.p50,
    p99Ms: results[i].latency.p99,
    errors: results[i].errors + results[i].non2xx,
  }));
  return {
    perRoute,
    totalRequests: perRoute.reduce((sum, r) => sum + r.requests, 0),
    errors: perRoute.reduce((sum, r) => sum + r.errors, 0),
  };
}

let prepared;

/** 60 s of the mixed workload at 50 connections in all. */
export async function mixedLoad(stack, seconds = Number(process.env.LOAD_SECONDS ?? 60)) {
  prepared ??= await prepare(stack);
  const run = await runMix(stack, prepared, seconds);
  return {
    seconds,
    connections: 50,
    users: `${USERS_PER_GROUP * 2} Pro users`,
    routes: run.perRoute,
    totalRequests: run.totalRequests,
    errors: run.errors,
    target: 'zero errors',
  };
}

/** The same mix for 5 minutes, sampling the gateway's resident memory every 10 s. */
export async function soak(stack, seconds = Number(process.env.SOAK_SECONDS ?? 300)) {
  prepared ??= await prepare(stack);
  const samples = [gatewayRssMb(stack)];
  const sampler = setInterval(() => samples.push(gatewayRssMb(stack)), 10_000);
  let run;
  try {
    run = await runMix(stack, prepared, seconds);
  } finally {
    clearInterval(sampler);
  }
  // Let the last responses and exports settle before the final reading.
  await sleep(2000);
  const end = gatewayRssMb(stack);
  return {
    seconds,
    totalRequests: run.totalRequests,
    errors: run.errors,
    routes: run.perRoute,
    gatewayRssMb: { start: samples[0], peak: Math.max(...samples, end), end },
    growth: `${round((end / samples[0] - 1) * 100)}%`,
    samplesMb: samples.concat(end),
    target: 'zero errors; no growth beyond 20%',
  };
}

// `node bench/load.bench.mjs`: only these two, against a fresh stack.
if (process.argv[1] === path.join(root, 'bench/load.bench.mjs')) {
  const { startStack } = await import('./lib/stack.mjs');
  const stack = await startStack();
  try {
    console.log(JSON.stringify(await mixedLoad(stack), null, 2));
    if (process.env.SOAK_SECONDS !== '0') console.log(JSON.stringify(await soak(stack), null, 2));
  } finally {
    await stack.stop();
  }
  process.exit(0);
}
