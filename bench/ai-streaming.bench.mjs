// Time to the first streamed word: from `POST /api/ai/generate` (Accept: text/event-stream) to the first `delta`
// event read by the client, against the fake OpenAI-compatible provider writing one token every few
// milliseconds. The built gateway and workers run as processes; the fake runs here, so the moment it sends its
// first token and the moment the client reads it are on one clock. Target: the first words reach the client
// within a second of the model's first token.
// `node bench/ai-streaming.bench.mjs` runs this section alone (build first: npm run build).
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { percentile, round, signUp, startStack } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { startFakeOpenAi } = require('@lectern/fakes/openai');

const API_KEY = 'sk-lectern-bench-streaming';
const MODEL = 'gpt-4o-mini';
const TOKEN_DELAYS_MS = [20, 200];
const RUNS = 8; // a Free user's month has 10 generations: one new user per token delay
const TARGET_MS = 1000;

async function timeOneGeneration(baseUrl, user, videoId, fake) {
  const requestsBefore = fake.requests.length;
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/ai/generate`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ videoId, type: 'summary', summaryLength: 'detailed', regenerate: true }),
  });
  if (response.status !== 200)
    throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  let firstDeltaAt = null;
  let last = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.event === 'delta') firstDeltaAt ??= performance.now();
    last = value.event;
  }
  const finished = performance.now();
  if (last !== 'done' || firstDeltaAt === null) throw new Error(`the stream ended with ${last}`);
  const request = fake.requests.slice(requestsBefore).find((r) => r.stream);
  return {
    firstWordMs: firstDeltaAt - started,
    afterModelMs: firstDeltaAt - request.firstTokenAt,
    totalMs: finished - started,
  };
}

export async function firstStreamedWord() {
  const fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL });
  const stack = await startStack({
    workers: ['transcripts', 'ai'],
    env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: MODEL },
  });
  try {
    const rows = [];
    for (const tokenDelayMs of TOKEN_DELAYS_MS) {
      fake.tokenDelayMs = tokenDelayMs;
      const user = await signUp(stack.baseUrl, 'streaming');
      const analysed = await user.call('POST', '/api/transcripts/fetch', {
        youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101',
      });
      if (analysed.status !== 200) throw new Error(`analysing failed: ${analysed.status}`);
      const { id: videoId } = await analysed.json();
      await timeOneGeneration(stack.baseUrl, user, videoId, fake); // warm-up: connections, first job
      const runs = [];
      for (let run = 1; run < RUNS; run += 1)
        runs.push(await timeOneGeneration(stack.baseUrl, user, videoId, fake));
      const of = (key, p) =>
        round(
          percentile(
            runs.map((r) => r[key]),
            p,
          ),
        );
      rows.push({
        tokenDelayMs,
        runs: runs.length,
        firstWordP50Ms: of('firstWordMs', 50),
        firstWordP95Ms: of('firstWordMs', 95),
        afterModelFirstTokenP50Ms: of('afterModelMs', 50),
        afterModelFirstTokenP95Ms: of('afterModelMs', 95),
        wholeAnswerP50Ms: of('totalMs', 50),
      });
    }
    return {
      target: `first words on the client within ${TARGET_MS} ms of the model's first token`,
      meetsTarget: rows.every((row) => row.afterModelFirstTokenP95Ms < TARGET_MS),
      byTokenDelay: rows,
    };
  } finally {
    await stack.stop();
    await fake.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await firstStreamedWord();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
