// The web app in Debian's Chromium: what the landing page downloads, how the 10-hour video page opens and
// searches, and Lighthouse's view of the landing page. Starts its own Lectern (bench/lib/stack.mjs) and
// uses a Pro user.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { percentile, root, round, signUp, startStack } from './lib/stack.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';

const require = createRequire(import.meta.url);
const DIST = path.join(root, 'frontend/dist');
const TEN_HOUR_URL = 'https://www.youtube.com/watch?v=tenHourLong';
const SEARCH_TEXT = 'chlorophyll absorbs '; // 20 keystrokes, from thousands of matches down to a few hundred
const OPEN_RUNS = 7;
const TARGETS = {
  landingJsGzipKb: 150,
  firstSegmentsPaintMs: 300,
  domNodes: 1400,
  searchKeystrokeP95Ms: 50,
  lighthouse: 95,
};

const median = (values) => percentile(values, 50);
const kb = (bytes) => round(bytes / 1024, 1);

// ---------------------------------------------------------------------------------------------------------
// Landing page JavaScript: the entry chunk, what it imports statically and the app it starts, gzipped one
// file at a time.

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` of a built chunk. */
function staticImports(code) {
  const found = new Set();
  const pattern =
    /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** Lazy `import("./x.js")` of a built chunk (the route chunks). */
function dynamicImports(code) {
  return [...code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]);
}

export function landingJavaScript(dist = DIST) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
  if (!entry) throw new Error('no module entry in frontend/dist/index.html');
  const files = new Map();
  const visit = (file) => {
    if (files.has(file)) return;
    const code = readFileSync(path.join(dist, file), 'utf8');
    files.set(file, { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, code });
    for (const imported of staticImports(code)) visit(path.posix.join(path.posix.dirname(file), imported));
  };
  visit(entry);
  // An entry that only starts the app (src/main.tsx imports src/boot.tsx lazily, so the landing page paints
  // first) always loads what it imports lazily: that is the app's code before the first route too.
  const resolved = (from, file) => path.posix.join(path.posix.dirname(from), file);
  const entryCode = files.get(entry).code;
  for (const file of dynamicImports(entryCode)) visit(resolved(entry, file));
  // The landing route's own chunk (a lazy import of the app) and what it imports beyond the app's files.
  const landingChunk = [...files.entries()]
    .flatMap(([from, f]) => dynamicImports(f.code).map((file) => resolved(from, file)))
    .find((file) => /landing-page/.test(file));
  const landingFiles = new Map();
  const visitLanding = (file) => {
    if (files.has(file) || landingFiles.has(file)) return;
    const code = readFileSync(path.join(dist, file), 'utf8');
    landingFiles.set(file, gzipSync(code, { level: 9 }).length);
    for (const imported of staticImports(code))
      visitLanding(path.posix.join(path.posix.dirname(file), imported));
  };
  if (landingChunk) visitLanding(landingChunk);
  const landingGzip = [...landingFiles.values()].reduce((sum, n) => sum + n, 0);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const missing = preloaded.filter((file) => !files.has(file) && !landingFiles.has(file));
  const css = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
  const cssGzip = css.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(dist, 'assets', f))).length,
    0,
  );
  const total = [...files.values()].reduce((sum, f) => sum + f.gzip, 0);
  return {
    'before the first route, gzipped KB': kb(total),
    'target KB': TARGETS.landingJsGzipKb,
    'meets target': kb(total) <= TARGETS.landingJsGzipKb,
    'before the first route, raw KB': kb([...files.values()].reduce((sum, f) => sum + f.raw, 0)),
    files: files.size,
    'modulepreloads outside the entry and the landing route': missing.length,
    'landing route chunk and its own imports, gzipped KB': kb(landingGzip),
    'landing route files': landingFiles.size,
    'stylesheet, gzipped KB': kb(cssGzip),
    chunks: [...files.entries()]
      .map(([file, f]) => ({ file: path.posix.basename(file), gzipKb: kb(f.gzip), rawKb: kb(f.raw) }))
      .sort((a, b) => b.gzipKb - a.gzipKb),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The 10-hour video page in Chromium.

// In the page, before any script: the paint that first shows a transcript row, and a timer per search query.
function pageProbe() {
  const probe = { firstRowPaintAt: null };
  window.__lecternProbe = probe;
  // A rAF callback runs just before the frame is painted; a message posted from it lands right after.
  const afterNextPaint = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(0);
    });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-segment-text]')) return;
    observer.disconnect();
    afterNextPaint((at) => (probe.firstRowPaintAt = at));
  }).observe(document, { childList: true, subtree: true });

  probe.keyAt = null;
  addEventListener('keydown', (event) => (probe.keyAt = event.timeStamp), true);
  /** Resolves with keydown → painted once the list shows this query. */
  probe.untilQueryPainted = (query) =>
    new Promise((resolve) => {
      const check = () => {
        const shown = document.querySelector('[data-search-query]')?.getAttribute('data-search-query');
        if (shown !== query || probe.keyAt === null) return false;
        const keyAt = probe.keyAt;
        afterNextPaint((at) => resolve(at - keyAt));
        return true;
      };
      if (check()) return;
      const observer = new MutationObserver(() => {
        if (check()) observer.disconnect();
      });
      observer.observe(document.body, {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-search-query'],
      });
    });
}

async function setPlan(databaseUrl, email, plan) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE users SET plan = $2 WHERE email = $1', [email, plan]);
  } finally {
    await client.end();
  }
}

async function tenHourPage(browser, stack, user, videoId) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, ...value] = user.cookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: stack.baseUrl }]);
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  const apiPath = `/api/videos/${videoId}`;

  // Opening the page: the API's answer (Resource Timing, same clock as the page) to the first row painted.
  const opens = [];
  for (let run = 0; run < OPEN_RUNS; run += 1) {
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === apiPath);
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    const response = await answered;
    const bodyBytes = (await response.body()).length;
    await page.waitForFunction(() => window.__lecternProbe.firstRowPaintAt !== null, null, {
      timeout: 30_000,
    });
    const timing = await page.evaluate((wanted) => {
      const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === wanted);
      return {
        requestAt: entry?.startTime ?? null,
        answerAt: entry?.responseEnd ?? null,
        paintAt: window.__lecternProbe.firstRowPaintAt,
      };
    }, apiPath);
    opens.push({ ...timing, bodyBytes });
  }
  const afterAnswer = opens.map((o) => o.paintAt - o.answerAt);
  const fromNavigation = opens.map((o) => o.paintAt);

  if (process.env.OPEN_ONLY) { await context.close(); return { after: afterAnswer.map(Math.round), median: median(afterAnswer) }; }
  await page.waitForTimeout(500);
  const dom = await page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('[data-segment-text]').length,
  }));

  // The video plays (the fake YouTube's stand-in player) while the search is typed: the transcript follows it.
  await page.waitForSelector('[data-player-status="ready"]', { timeout: 30_000 });
  await page.keyboard.press('k');
  await page.waitForSelector('[data-fake-youtube-player][data-state="1"]');
  const playing = true;

  // Search: 20 keystrokes, each timed from keydown to the frame that shows the list for the new query.
  const search = page.getByPlaceholder('Search transcript...');
  await search.click();
  // The click's own work (focus, its frame) is not a keystroke's.
  await page.waitForTimeout(300);
  const keystrokes = [];
  let typed = '';
  for (const char of SEARCH_TEXT) {
    typed += char;
    const painted = page.evaluate((q) => window.__lecternProbe.untilQueryPainted(q), typed);
    await page.keyboard.press(char === ' ' ? 'Space' : char);
    keystrokes.push(await painted);
    await page.waitForTimeout(60);
  }
  const searchDom = await page.evaluate(() => document.getElementsByTagName('*').length);
  await context.close();

  return {
    'segments in the transcript': 12_000,
    'video playing while searching': playing,
    'API answer body, KB': kb(opens[0].bodyBytes),
    'API answer → first rows painted, median ms': round(median(afterAnswer)),
    'API answer → first rows painted, max ms': round(Math.max(...afterAnswer)),
    'target ms': TARGETS.firstSegmentsPaintMs,
    'meets target (median)': median(afterAnswer) < TARGETS.firstSegmentsPaintMs,
    'navigation → first rows painted, median ms': round(median(fromNavigation)),
    'API request → answer, median ms': round(median(opens.map((o) => o.answerAt - o.requestAt))),
    runs: OPEN_RUNS,
    'DOM elements on the page': dom.elements,
    'transcript rows in the DOM': dom.rows,
    'DOM target': TARGETS.domNodes,
    'DOM meets target': dom.elements <= TARGETS.domNodes,
    'DOM elements while searching': searchDom,
    'search keystroke → paint, p50 ms': round(percentile(keystrokes, 50)),
    'search keystroke → paint, p95 ms': round(percentile(keystrokes, 95)),
    'search keystroke → paint, max ms': round(Math.max(...keystrokes)),
    'search target p95 ms': TARGETS.searchKeystrokeP95Ms,
    'search meets target': percentile(keystrokes, 95) < TARGETS.searchKeystrokeP95Ms,
    keystrokes: keystrokes.length,
    'each keystroke, ms': keystrokes.map((ms) => round(ms)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Lighthouse on the landing page, with Debian's Chromium.

export async function lighthouseLanding(baseUrl, { mobileRuns = 5, desktop = true } = {}) {
  let lighthouse;
  let chromeLauncher;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
    chromeLauncher = await import('chrome-launcher');
  } catch (error) {
    return { skipped: `lighthouse is not installed (${error.message.split('\n')[0]})` };
  }
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
    logLevel: 'silent',
  });
  const runs = [];
  try {
    const plan = Array.from({ length: mobileRuns }, () => ['mobile', undefined]);
    if (desktop) plan.push(['desktop', desktopConfig]);
    for (const [formFactor, config] of plan) {
      const result = await lighthouse(
        `${baseUrl}/`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        config,
      );
      const { categories, audits, runtimeError } = result.lhr;
      // A run Lighthouse could not measure (e.g. NO_FCP from a browser hiccup) has no score, not a score of 0.
      if (runtimeError || categories.performance.score === null) {
        runs.push({ formFactor, error: runtimeError?.code ?? 'no performance score' });
        continue;
      }
      runs.push({
        formFactor,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        cls: round(audits['cumulative-layout-shift'].numericValue, 3),
        opportunities: Object.values(audits)
          .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
          .map((a) => `${a.id} ${Math.round(a.details.overallSavingsMs)} ms`)
          .join(', '),
        failedA11y: Object.values(audits)
          .filter(
            (a) =>
              a.scoreDisplayMode === 'binary' &&
              a.score === 0 &&
              categories.accessibility.auditRefs.some((r) => r.id === a.id),
          )
          .map((a) => a.id)
          .join(' '),
      });
    }
  } finally {
    await chrome.kill();
  }
  const mobile = runs.filter((r) => r.formFactor === 'mobile' && !r.error);
  const desktopRun = runs.find((r) => r.formFactor === 'desktop' && !r.error);
  const unmeasured = runs.filter((r) => r.error).map((r) => `${r.formFactor}: ${r.error}`);
  return {
    version: require('lighthouse/package.json').version,
    [`mobile performance (median of ${mobile.length})`]: median(mobile.map((r) => r.performance)),
    'mobile accessibility': median(mobile.map((r) => r.accessibility)),
    ...(desktopRun
      ? { 'desktop performance': desktopRun.performance, 'desktop accessibility': desktopRun.accessibility }
      : {}),
    ...(unmeasured.length ? { 'runs Lighthouse could not measure': unmeasured } : {}),
    target: TARGETS.lighthouse,
    'meets target (mobile)':
      median(mobile.map((r) => r.performance)) >= TARGETS.lighthouse &&
      median(mobile.map((r) => r.accessibility)) >= TARGETS.lighthouse,
    runs,
  };
}

/**
 * The same build behind a minimal static server that gzips its answers (SPA fallback to index.html): a
 * diagnostic of what compression of the web app's files would be worth, next to the gateway's own figures.
 */
export async function gzippingDistServer(dist = DIST) {
  const http = await import('node:http');
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
  };
  const server = http.createServer((req, res) => {
    const wanted = path
      .normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))
      .replace(/^\/+/, '');
    if (wanted.startsWith('api/')) {
      // Signed out, as a first visit to the landing page is.
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Not signed in."}');
      return;
    }
    let file = path.join(dist, wanted);
    let body;
    try {
      body = readFileSync(file);
    } catch {
      file = path.join(dist, 'index.html');
      body = readFileSync(file);
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader(
      'cache-control',
      file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (gzip) res.setHeader('content-encoding', 'gzip');
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

// ---------------------------------------------------------------------------------------------------------

export async function runFrontendBench() {
  const figures = { 'landing page JavaScript': landingJavaScript() };
  const { chromium } = await import('playwright-core');
  const stack = await startStack();
  try {
    const user = await signUp(stack.baseUrl, 'frontend-bench');
    await setPlan(stack.env.DATABASE_URL, user.email, 'pro');
    const analysed = await user.call('POST', '/api/transcripts/fetch', { youtubeUrl: TEN_HOUR_URL });
    if (!analysed.ok)
      throw new Error(`analysing the 10-hour video: ${analysed.status} ${await analysed.text()}`);
    const { id } = await analysed.json();

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      figures['10-hour video page'] = await tenHourPage(browser, stack, user, id);
    } finally {
      await browser.close();
    }
    if (process.env.OPEN_ONLY) return figures;
    try {
      figures['Lighthouse, landing page'] = await lighthouseLanding(stack.baseUrl);
    } catch (error) {
      figures['Lighthouse, landing page'] = {
        skipped: `Lighthouse failed here: ${error.message.split('\n')[0]}`,
      };
    }
  } finally {
    await stack.stop();
  }
  const gzipping = await gzippingDistServer();
  try {
    figures['Lighthouse, landing page with gzip (diagnostic: same build, compressing static server)'] =
      await lighthouseLanding(gzipping.url, { mobileRuns: 3, desktop: false });
  } catch (error) {
    figures['Lighthouse, landing page with gzip (diagnostic)'] = { skipped: error.message.split('\n')[0] };
  } finally {
    await gzipping.close();
  }
  return figures;
}

// `node bench/frontend.bench.mjs` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await runFrontendBench();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
