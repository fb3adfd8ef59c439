import { randomBytes, randomUUID } from 'node:crypto';
import {
  JobDeltaStreams,
  appendToJobStream,
  createLogger,
  createRedis,
  deleteKeysUnderPrefix,
  jobStreamKey,
  quitRedis,
  TransientJobError,
  type JobContext,
} from '@lectern/queue-runtime';
import type { Redis } from 'ioredis';
import { OfflineEngine } from '@lectern/offline-engine';
import { OpenAiEngine } from '../src/engines/openai-engine';
import type { AiEngine } from '@lectern/offline-engine';
import { TranscriptIndexCache } from '../src/engines';
import { createAiHandlers } from '../src/worker';
import { startFakeOpenAi, tokensOf, type FakeOpenAi } from '@lectern/fakes/openai';
import { LECTURE_TITLE, punctuatedLecture, tenHourLecture } from '@lectern/offline-engine/bench';

const API_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
const MODEL = 'gpt-4o-mini';
const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;

let fake: FakeOpenAi;
let redis: Redis;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL, tokenDelayMs: 1 });
  redis = createRedis(REDIS_URL);
});
afterAll(async () => {
  await fake.close();
  await quitRedis(redis);
  await deleteKeysUnderPrefix(REDIS_URL, prefix);
});
beforeEach(() => fake.reset());

function openAiEngine(tokenBudget = 16_000): OpenAiEngine {
  return new OpenAiEngine({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: MODEL,
    tokenBudget,
    timeoutMs: 10_000,
  });
}

function handlersWith(engine: AiEngine) {
  return createAiHandlers({
    engine,
    indexes: new TranscriptIndexCache(),
    transcripts: {
      segments: (id) => Promise.resolve(id === 'ten-hours' ? tenHourLecture() : punctuatedLecture),
      language: () => Promise.resolve('en'),
      close: () => Promise.resolve(),
    },
    deltas: new JobDeltaStreams(redis, prefix),
  });
}

function contextOf(jobId: string, attemptsMade = 0): JobContext {
  return {
    job: { id: jobId, attemptsMade },
    logger: createLogger('test', 'silent'),
    signal: new AbortController().signal,
  } as unknown as JobContext;
}

/** What a gateway does before it enqueues a job whose client asked for the event stream. */
async function openStream(): Promise<string> {
  const id = randomUUID();
  await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'user-1' });
  return id;
}

async function entries(id: string): Promise<Array<Record<string, string>>> {
  const raw = await redis.xrange(jobStreamKey(prefix, id), '-', '+');
  return raw.map(([, fields]) => {
    const entry: Record<string, string> = {};
    for (let index = 0; index < fields.length; index += 2) entry[fields[index]!] = fields[index + 1]!;
    return entry;
  });
}

const data = {
  transcriptId: 'lecture',
  feature: 'summary',
  summaryLength: 'detailed',
  title: LECTURE_TITLE,
} as const;

describe('streamed generations in the ai worker', () => {
  it('asks the provider for a stream and publishes its text in order: joined, it is the stored text', async () => {
    const id = await openStream();
    const result = await handlersWith(openAiEngine()).generate(data, contextOf(id));

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ stream: true, kind: 'direct', status: 200 });
    const written = await entries(id);
    expect(written[0]).toEqual({ type: 'open', owner: 'user-1' });
    const deltas = written.slice(1);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((entry) => entry.type === 'delta')).toBe(true);
    expect(deltas.map((entry) => entry.text).join('')).toBe(result.outputText);
    expect(result.outputText.length).toBeGreaterThan(100);
    // The stream expires on its own.
    expect(await redis.ttl(jobStreamKey(prefix, id))).toBeGreaterThan(0);
  });

  it('streams only the final request of a long transcript, not its map requests', async () => {
    const id = await openStream();
    const result = await handlersWith(openAiEngine()).generate(
      { ...data, transcriptId: 'ten-hours' },
      contextOf(id),
    );
    const streamed = fake.requests.filter((request) => request.stream);
    expect(fake.requests.length).toBeGreaterThan(5);
    expect(streamed).toHaveLength(1);
    expect(streamed[0]?.kind).toBe('reduce');
    const deltas = (await entries(id)).filter((entry) => entry.type === 'delta');
    expect(deltas.map((entry) => entry.text).join('')).toBe(result.outputText);
  });

  it('keeps the whole text through the engine: every piece to onDelta, the clean-up on the whole', async () => {
    const pieces: string[] = [];
    fake.overlongTweets = true;
    const result = await openAiEngine().generate(
      { feature: 'tweet', summaryLength: 'short', title: LECTURE_TITLE, segments: punctuatedLecture },
      undefined,
      (piece) => pieces.push(piece),
    );
    const streamedText = pieces.join('');
    expect(pieces.length).toBe(tokensOf(streamedText).length);
    // The model's overlong tweet streamed as written; the stored thread has it cut to 280 characters.
    expect(streamedText).not.toBe(result.outputText);
    for (const tweet of result.outputText.split('\n\n')) expect(tweet.length).toBeLessThanOrEqual(280);
    expect(streamedText.split('\n\n').some((tweet) => tweet.length > 280)).toBe(true);
  });

  it('publishes nothing for a job whose stream no gateway opened', async () => {
    const id = randomUUID();
    const result = await handlersWith(openAiEngine()).generate(data, contextOf(id));
    expect(result.outputText.length).toBeGreaterThan(0);
    expect(fake.requests[0]?.stream).toBe(false);
    expect(await redis.exists(jobStreamKey(prefix, id))).toBe(0);
  });

  it('starts a retry over with a reset entry when the failed attempt had published text', async () => {
    const id = await openStream();
    await appendToJobStream(redis, prefix, id, { type: 'delta', text: 'The first attempt bro' });
    const result = await handlersWith(openAiEngine()).generate(data, contextOf(id, 1));
    const written = await entries(id);
    expect(written.map((entry) => entry.type).slice(0, 4)).toEqual(['open', 'delta', 'reset', 'delta']);
    expect(
      written
        .slice(3)
        .map((entry) => entry.text)
        .join(''),
    ).toBe(result.outputText);
  });

  it('has nothing to start over when the failed attempt published nothing', async () => {
    const id = await openStream();
    await handlersWith(openAiEngine()).generate(data, contextOf(id, 1));
    expect((await entries(id)).map((entry) => entry.type).slice(0, 2)).toEqual(['open', 'delta']);
  });

  it('fails like any provider failure when the stream breaks off, its published pieces kept', async () => {
    const id = await openStream();
    fake.enqueue({ kind: 'drop-mid-stream', afterTokens: 5 });
    const error = await handlersWith(openAiEngine())
      .generate(data, contextOf(id))
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(TransientJobError);
    expect((error as TransientJobError).status).toBe(502);
    expect((error as Error).message).toBe(
      '[502] The AI provider (OpenAI-compatible server) stopped answering partway through.',
    );
    // What reached Redis before the break is the start of the answer, in order (the last token may be lost with
    // the connection).
    const published = (await entries(id))
      .filter((entry) => entry.type === 'delta')
      .map((entry) => entry.text)
      .join('');
    expect(tokensOf(published).length).toBeGreaterThan(0);
    expect(tokensOf(published).length).toBeLessThanOrEqual(5);
    const whole = await handlersWith(openAiEngine()).generate(data, contextOf(await openStream()));
    expect(whole.outputText.startsWith(published)).toBe(true);
  });

  it('lets the offline engine publish its whole text as one piece', async () => {
    const id = await openStream();
    const result = await handlersWith(new OfflineEngine()).generate(data, contextOf(id));
    const deltas = (await entries(id)).filter((entry) => entry.type === 'delta');
    expect(deltas).toEqual([{ type: 'delta', text: result.outputText }]);
  });
});
