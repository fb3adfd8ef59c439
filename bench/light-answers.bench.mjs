// Light answers: the 10-hour video's API answer served from its stored Brotli bytes (bytes per answer,
// requests/s against the uncompressed answer and the bare node:http + pg baseline, revalidation with
// If-None-Match), and what a second visit of the landing page and the video page downloads in Chromium.
// Starts its own Lectern (bench/lib/stack.mjs). `node bench/light-answers.bench.mjs` runs it alone.
import { request } from 'node:http';
import autocannon from 'autocannon';
import { startBaseline } from './lib/baseline-server.mjs';
import { percentile, round, signUp, startStack } from './lib/stack.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';

const BROWSER_ENCODINGS = 'br, gzip';
const kb = (bytes) => round(bytes / 1024, 1);

/** One request's exact bytes on the wire and how long it took. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const startedAt = process.hrtime.bigint();
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          bytes,
          ms: Number(process.hrtime.bigint() - startedAt) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function cannon(url, headers, seconds = 10) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    megabytesPerSecond: round(result.throughput.average / 2 ** 20, 1),
    errors: result.errors,
    statuses: Object.fromEntries(
      Object.entries({
        '2xx': result['2xx'],
        '3xx': result['3xx'],
        '4xx': result['4xx'],
        '5xx': result['5xx'],
      }).filter(([, count]) => count > 0),
    ),
  };
}

/**
 * Several targets measured in turns (rounds of a few seconds each), so a machine whose load changes during the
 * run weighs on each of them alike; figures are the mean requests/s, the median p50 and the worst p99.
 */
async function inTurns(targets, rounds = 3, seconds = 4) {
  const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, { url, headers }] of Object.entries(targets))
      runs[name].push(await cannon(url, headers, seconds));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, results]) => {
      const statuses = {};
      for (const result of results)
        for (const [status, count] of Object.entries(result.statuses))
          statuses[status] = (statuses[status] ?? 0) + count;
      return [
        name,
        {
          requestsPerSecond: round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length),
          p50Ms: percentile(
            results.map((r) => r.p50Ms),
            50,
          ),
          p99Ms: Math.max(...results.map((r) => r.p99Ms)),
          megabytesPerSecond: round(
            results.reduce((sum, r) => sum + r.megabytesPerSecond, 0) / results.length,
            1,
          ),
          errors: results.reduce((sum, r) => sum + r.errors, 0),
          statuses,
        },
      ];
    }),
  );
}

/** GET /api/videos/:id of the 10-hour video: stored Brotli vs the uncompressed answer vs the bare baseline. */
async function videoAnswer(stack, owner, videoId) {
  const url = `${stack.baseUrl}/api/videos/${videoId}`;
  const withCookie = (headers = {}) => ({ cookie: owner.cookie, ...headers });
  const plain = await rawGet(url, withCookie());
  const br = await rawGet(url, withCookie({ 'accept-encoding': BROWSER_ENCODINGS }));
  const gzip = await rawGet(url, withCookie({ 'accept-encoding': 'gzip' }));
  const etag = br.headers.etag;

  // Unloaded revalidations, one after the other: what a returning visitor waits for.
  const revalidations = [];
  for (let i = 0; i < 200; i += 1) {
    revalidations.push(
      await rawGet(url, withCookie({ 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': etag })),
    );
  }

  // The floor under any signed-in answer (session from Redis, account from PostgreSQL), for comparison.
  const signedIn = [];
  for (let i = 0; i < 200; i += 1) signedIn.push(await rawGet(`${stack.baseUrl}/api/auth/me`, withCookie()));

  const baseline = await startBaseline(stack.env.DATABASE_URL, videoId);
  try {
    const measured = await inTurns({
      compressed: { url, headers: withCookie({ 'accept-encoding': BROWSER_ENCODINGS }) },
      uncompressed: { url, headers: withCookie() },
      bare: { url: baseline.url, headers: {} },
      revalidated: {
        url,
        headers: withCookie({ 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': etag }),
      },
    });
    const { compressed, uncompressed, bare, revalidated } = measured;
    return {
      'bytes per answer': {
        br: { kb: kb(br.bytes), encoding: br.headers['content-encoding'], target: '<= 200 KB' },
        gzip: { kb: kb(gzip.bytes), encoding: gzip.headers['content-encoding'] },
        uncompressed: { kb: kb(plain.bytes) },
      },
      'requests/s at 10 connections': {
        'br from the stored bytes': compressed,
        'uncompressed (identity)': uncompressed,
        'bare node:http + pg baseline (uncompressed)': bare,
        'br vs uncompressed': round(compressed.requestsPerSecond / uncompressed.requestsPerSecond, 2),
        'br vs baseline': round(compressed.requestsPerSecond / bare.requestsPerSecond, 2),
        target: '>= 3x the baseline',
      },
      'revalidation with If-None-Match': {
        status: [...new Set(revalidations.map((r) => r.status))].join(', '),
        'p50 ms, one at a time': round(
          percentile(
            revalidations.map((r) => r.ms),
            50,
          ),
          2,
        ),
        'p99 ms, one at a time': round(
          percentile(
            revalidations.map((r) => r.ms),
            99,
          ),
          2,
        ),
        'at 10 connections': revalidated,
        'GET /api/auth/me p50 ms, one at a time (the signed-in floor)': round(
          percentile(
            signedIn.map((r) => r.ms),
            50,
          ),
          2,
        ),
        target: '304, p50 < 5 ms',
      },
    };
  } finally {
    await baseline.close();
  }
}

/**
 * Every request of one page load, from Chrome's own network events: status, bytes on the wire
 * (encodedDataLength) and whether the browser's cache answered it.
 */
async function recordVisit(page, cdp, url, ready) {
  const requests = new Map();
  const onResponse = ({ requestId, response }) => {
    const entry = requests.get(requestId) ?? { bytes: 0 };
    Object.assign(entry, {
      url: response.url,
      status: response.status,
      fromCache: Boolean(response.fromDiskCache || response.fromMemoryCache || response.fromPrefetchCache),
    });
    requests.set(requestId, entry);
  };
  const onServedFromCache = ({ requestId }) => {
    const entry = requests.get(requestId) ?? { bytes: 0 };
    entry.fromCache = true;
    requests.set(requestId, entry);
  };
  // The status on the wire: for a revalidated answer Chrome reports the cached 200 in responseReceived and the
  // server's 304 here.
  const onExtraInfo = ({ requestId, statusCode }) => {
    const entry = requests.get(requestId) ?? { bytes: 0 };
    entry.wireStatus = statusCode;
    requests.set(requestId, entry);
  };
  const onFinished = ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId) ?? { bytes: 0 };
    entry.bytes = encodedDataLength;
    requests.set(requestId, entry);
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onServedFromCache);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.responseReceivedExtraInfo', onExtraInfo);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.requestServedFromCache', onServedFromCache);
  cdp.off('Network.loadingFinished', onFinished);
  cdp.off('Network.responseReceivedExtraInfo', onExtraInfo);
  return [...requests.values()].filter((entry) => entry.url && !entry.url.startsWith('data:'));
}

function summarise(requests, origin) {
  const rows = requests.map((entry) => ({
    request: entry.url.replace(origin, ''),
    status: entry.fromCache ? entry.status : (entry.wireStatus ?? entry.status),
    fromCache: entry.fromCache,
    bytes: entry.bytes,
  }));
  const downloaded = rows.filter((row) => !row.fromCache && row.status === 200);
  return {
    requests: rows.length,
    'from the cache': rows.filter((row) => row.fromCache).length,
    'revalidated (304)': rows.filter((row) => row.status === 304).map((row) => row.request),
    'downloaded again (200)': downloaded.map((row) => row.request),
    'bytes transferred': rows.reduce((sum, row) => sum + (row.fromCache ? 0 : row.bytes), 0),
    each: rows,
  };
}

/** The landing page and the 10-hour video page, visited twice in one browser profile. */
async function secondVisit(stack, owner, videoId) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, ...value] = owner.cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: stack.baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const pages = {
      'landing page': { url: `${stack.baseUrl}/`, ready: () => page.waitForSelector('#root *') },
      '10-hour video page': {
        url: `${stack.baseUrl}/video/${videoId}`,
        ready: () => page.waitForSelector('[data-segment-text]', { timeout: 30_000 }),
      },
    };
    const figures = {};
    for (const [label, { url, ready }] of Object.entries(pages)) {
      const first = await recordVisit(page, cdp, url, ready);
      await page.goto('about:blank');
      const second = await recordVisit(page, cdp, url, ready);
      await page.goto('about:blank');
      const firstBytes = first.reduce((sum, entry) => sum + (entry.fromCache ? 0 : entry.bytes), 0);
      figures[label] = {
        'first visit, bytes transferred': firstBytes,
        'second visit': summarise(second, stack.baseUrl),
        target: 'only index.html and the API answers revalidated (304), nothing downloaded twice',
      };
    }
    return figures;
  } finally {
    await browser.close();
  }
}

export async function runLightAnswersBench() {
  const stack = await startStack();
  try {
    const owner = await signUp(stack.baseUrl, 'light-answers');
    const analysed = await owner.call('POST', '/api/transcripts/fetch', { youtubeUrl: 'tenHourLong' });
    if (!analysed.ok)
      throw new Error(`analysing the 10-hour video: ${analysed.status} ${await analysed.text()}`);
    const { id } = await analysed.json();
    return {
      'GET /api/videos/:id of the 10-hour video, Accept-Encoding: br, gzip': await videoAnswer(
        stack,
        owner,
        id,
      ),
      'second visit in Chromium': await secondVisit(stack, owner, id),
    };
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await runLightAnswersBench();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
