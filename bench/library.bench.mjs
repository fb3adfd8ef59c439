// Library and queue figures: serving the 10-hour video against a bare baseline, the cache-hit analysis path, the
// request-reply overhead, Pro priority and Free fairness, and that request-reply never hangs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBaseline } from './lib/baseline-server.mjs';
import { percentile, root, round, signUp } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const runtime = require(path.join(root, 'libs/queue-runtime/dist'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function cannon(url, headers) {
  const result = await autocannon({ url, connections: 10, duration: 10, headers });
  return {
    requestsPerSecond: round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function serveLongVideo(stack) {
  const owner = await signUp(stack.baseUrl, 'owner');
  const analysed = await (
    await owner.call('POST', '/api/transcripts/fetch', { youtubeUrl: 'tenHourLong' })
  ).json();
  const probe = await (await owner.call('GET', `/api/videos/${analysed.id}`)).json();
  const baseline = await startBaseline(stack.env.DATABASE_URL, analysed.id);
  try {
    const gateway = await cannon(`${stack.baseUrl}/api/videos/${analysed.id}`, { cookie: owner.cookie });
    const bare = await cannon(baseline.url, {});
    return {
      segments: probe.transcriptSegments.length,
      gateway,
      baseline: bare,
      ratio: round(gateway.requestsPerSecond / bare.requestsPerSecond, 2),
      target: '>= 0.8 of the baseline',
    };
  } finally {
    await baseline.close();
  }
}

export async function cacheHitAnalysis(stack, users = 100) {
  const first = await signUp(stack.baseUrl, 'first');
  await first.call('POST', '/api/transcripts/fetch', { youtubeUrl: 'hashtables1' });
  const timings = [];
  for (let i = 0; i < users; i += 1) {
    const user = await signUp(stack.baseUrl, `reader${i}`);
    const started = performance.now();
    const response = await user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://youtu.be/hashtables1',
    });
    timings.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`cache-hit analysis failed: ${response.status}`);
  }
  return {
    requests: users,
    p50Ms: round(percentile(timings, 50)),
    p99Ms: round(percentile(timings, 99)),
    target: 'p50 < 30 ms',
  };
}

export async function queueRoundTrip(stack, rounds = 500) {
  const requester = new runtime.JobRequester(stack.env.REDIS_URL, stack.env.REDIS_PREFIX);
  await requester.init();
  try {
    for (let i = 0; i < 20; i += 1)
      await requester.request('billing', 'ping', { sentAt: Date.now() }, { lane: 'free', timeoutMs: 5000 });
    const timings = [];
    for (let i = 0; i < rounds; i += 1) {
      const started = performance.now();
      await requester.request('billing', 'ping', { sentAt: Date.now() }, { lane: 'free', timeoutMs: 5000 });
      timings.push(performance.now() - started);
    }
    return {
      rounds,
      p50Ms: round(percentile(timings, 50), 2),
      p99Ms: round(percentile(timings, 99), 2),
      target: 'p50 < 5 ms',
    };
  } finally {
    await requester.close();
  }
}

/** One worker process with concurrency 1 whose jobs each take `jobMs`, recording when each lane's jobs start. */
async function laneWorker(prefix, jobMs, concurrency = 1) {
  const starts = [];
  const logger = runtime.createLogger('bench', 'silent');
  const handlers = {
    ping: async (data, context) => {
      starts.push({ lane: context.lane, at: performance.now(), label: data.label });
      await sleep(jobMs);
      return { service: 'billing', pid: process.pid, receivedAt: Date.now() };
    },
  };
  const worker = await runtime.startQueueWorker({
    queue: 'billing',
    handlers,
    redisUrl: 'redis://127.0.0.1:6379',
    prefix,
    concurrency,
    logger,
  });
  return { worker, starts };
}

async function laneQueues(prefix) {
  const { Queue } = require('bullmq');
  const { Redis } = require('ioredis');
  const connection = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queues = {
    pro: new Queue('billing-pro', { connection, prefix }),
    free: new Queue('billing-free', { connection, prefix }),
  };
  return {
    queues,
    async close() {
      await queues.pro.obliterate({ force: true });
      await queues.free.obliterate({ force: true });
      await queues.pro.close();
      await queues.free.close();
      connection.disconnect();
      await runtime.deleteKeysUnderPrefix('redis://127.0.0.1:6379', prefix);
    },
  };
}

export async function priorityAndFairness() {
  const jobMs = 20;
  // A Pro job added behind 200 queued Free jobs, with concurrency 1.
  const prefix = `lectern-bench-${randomBytes(4).toString('hex')}`;
  const { queues, close } = await laneQueues(prefix);
  const { worker, starts } = await laneWorker(prefix, jobMs);
  await queues.free.addBulk(Array.from({ length: 200 }, () => ({ name: 'ping', data: { sentAt: 0 } })));
  while (starts.length < 3) await sleep(2);
  const addedAt = performance.now();
  await queues.pro.add('ping', { sentAt: 0, label: 'pro' });
  while (!starts.some((s) => s.label === 'pro')) await sleep(1);
  const proWaitMs = starts.find((s) => s.label === 'pro').at - addedAt;
  await worker.close();
  await close();

  // Free throughput while Pro load exceeds capacity.
  const prefix2 = `lectern-bench-${randomBytes(4).toString('hex')}`;
  const lanes = await laneQueues(prefix2);
  const run = await laneWorker(prefix2, 10, 2);
  await lanes.queues.pro.addBulk(Array.from({ length: 600 }, () => ({ name: 'ping', data: { sentAt: 0 } })));
  await lanes.queues.free.addBulk(Array.from({ length: 300 }, () => ({ name: 'ping', data: { sentAt: 0 } })));
  while (run.starts.length < 400) await sleep(10);
  const window = run.starts.slice(0, 400);
  const freeShare = window.filter((s) => s.lane === 'free').length / window.length;
  await run.worker.close();
  await lanes.close();

  return {
    proJobWaitBehind200FreeMs: round(proWaitMs),
    freeJobDurationMs: jobMs,
    proTarget: 'starts within one Free job duration',
    freeShareUnderProOverload: round(freeShare * 100) + '%',
    fairnessTarget: '>= 10% of capacity',
  };
}

export async function requestReplyNeverHangs() {
  // Its own prefix: no regular worker is there to answer, only the ones started below.
  const prefix = `lectern-bench-${randomBytes(4).toString('hex')}`;
  const requester = new runtime.JobRequester('redis://127.0.0.1:6379', prefix);
  await requester.init();
  try {
    // No worker at all: answered at the timeout, and the job withdrawn.
    const timeoutMs = 2000;
    const unanswered = performance.now();
    const noWorker = await requester
      .request('billing', 'ping', { sentAt: Date.now() }, { lane: 'free', timeoutMs })
      .catch((e) => e);
    const noWorkerAfterMs = performance.now() - unanswered;

    // A job removed while the request waits: answered at the timeout, not never.
    const queue = requester.queues().find((q) => q.name === 'export-free');
    const started = performance.now();
    const pending = requester
      .request('export', 'ping', { sentAt: Date.now() }, { lane: 'free', timeoutMs })
      .catch((e) => e);
    await sleep(200);
    for (const job of await queue.getWaiting()) await job.remove();
    const removed = await pending;
    const removedAfterMs = performance.now() - started;

    // A worker process killed (SIGKILL) in the middle of a slow job.
    const slowWorker = spawn(process.execPath, [path.join(root, 'bench/lib/slow-worker.mjs')], {
      env: { ...process.env, REDIS_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => slowWorker.stdout.once('data', resolve));
    const killStarted = performance.now();
    const slow = requester
      .request('ai', 'ping', { sentAt: Date.now() }, { lane: 'pro', timeoutMs })
      .catch((e) => e);
    await sleep(300);
    slowWorker.kill('SIGKILL');
    const killed = await slow;
    const killedAfterMs = performance.now() - killStarted;
    return {
      timeoutMs,
      noWorker: { answeredAfterMs: round(noWorkerAfterMs), status: noWorker.status },
      jobRemoved: { answeredAfterMs: round(removedAfterMs), status: removed.status },
      workerKilled: { answeredAfterMs: round(killedAfterMs), status: killed.status ?? 'answered' },
      target: 'answered within the timeout plus 1 s',
    };
  } finally {
    for (const queue of requester.queues()) await queue.obliterate({ force: true }).catch(() => undefined);
    await requester.close();
  }
}
