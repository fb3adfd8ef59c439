import {
  FEATURE_TYPES,
  SUMMARY_LENGTHS,
  formatTimestamp,
  parseOutline,
  type FeatureType,
  type SummaryLength,
} from '@lectern/contracts';
import { PermanentJobError, TransientJobError } from '@lectern/queue-runtime';
import { createEngine } from '../src/worker';
import { AiEngineEnvSchema } from '../src/engines/engine-config';
import { paragraphs, parseTweets, TranscriptIndex } from '@lectern/offline-engine';
import { OpenAiEngine, type OpenAiEngineOptions } from '../src/engines/openai-engine';
import { estimateTokens, formatTranscriptLines } from '../src/engines/transcript-lines';
import { startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import {
  LECTURE_TITLE,
  punctuatedLecture,
  oneHourLecture,
  tenHourLecture,
} from '@lectern/offline-engine/bench';
import { expectFeatureShape } from './support/expect-feature-shape';
import { expectOneMapReduce } from './support/expect-map-reduce';

const API_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
const MODEL = 'gpt-4o-mini';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function engine(overrides: Partial<OpenAiEngineOptions> = {}): OpenAiEngine {
  return new OpenAiEngine({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: MODEL,
    tokenBudget: 16_000,
    timeoutMs: 10_000,
    ...overrides,
  });
}

function lecture(feature: FeatureType, summaryLength: SummaryLength = 'short') {
  return { feature, summaryLength, title: LECTURE_TITLE, segments: punctuatedLecture };
}

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error('expected the generation to fail');
}

describe('OpenAI-compatible engine against the fake provider', () => {
  const cases: Array<[FeatureType, SummaryLength]> = FEATURE_TYPES.flatMap(
    (feature): Array<[FeatureType, SummaryLength]> =>
      feature === 'summary' ? SUMMARY_LENGTHS.map((length) => [feature, length]) : [[feature, 'short']],
  );

  it.each(cases)(
    'writes %s (%s) from one request carrying the timestamped transcript',
    async (feature, length) => {
      const result = await engine().generate(lecture(feature, length));

      expect(result).toMatchObject({ engine: 'openai', model: MODEL });
      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request).toMatchObject({ model: MODEL, kind: 'direct', feature, problem: null, status: 200 });
      expect(request?.summaryLength).toBe(feature === 'summary' ? length : null);
      const user = request?.messages[1]?.content ?? '';
      for (const line of formatTranscriptLines(punctuatedLecture)) expect(user).toContain(line);
      expect(user).toContain(
        `[${formatTimestamp(punctuatedLecture[3]?.start ?? 0)}] ${punctuatedLecture[3]?.text ?? ''}`,
      );
      expect(user).toContain(`Title: ${LECTURE_TITLE}`);
      expectFeatureShape(feature, length, result.outputText, {
        insights: 5,
        flashcards: 5,
        tweets: 5,
        blogSections: 3,
        actionSteps: 4,
        outlineSections: 3,
        quizQuestions: 4,
      });
    },
  );

  it('writes an outline whose sections and points start at moments of the lecture', async () => {
    const { outputText } = await engine().generate(lecture('outline'));
    const system = fake.requests[0]?.messages[0]?.content ?? '';
    expect(system).toContain('Task: an outline of the video');
    expect(system).toContain('`## [m:ss] Section title`');
    const starts = new Set(punctuatedLecture.map((segment) => formatTimestamp(segment.start)));
    const { sections } = parseOutline(outputText);
    expect(sections).toHaveLength(3);
    for (const section of sections) {
      expect(starts.has(formatTimestamp(section.start))).toBe(true);
      expect(section.title).toMatch(/^Part \d: /);
      expect(section.points.length).toBeGreaterThanOrEqual(2);
      for (const point of section.points) expect(starts.has(formatTimestamp(point.start))).toBe(true);
    }
    expect(sections.map((section) => section.start)).toEqual(
      [...sections.map((section) => section.start)].sort((a, b) => a - b),
    );
  });

  it('cuts a tweet that overshoots 280 characters', async () => {
    fake.overlongTweets = true;
    const { outputText } = await engine().generate(lecture('tweet'));
    const tweets = parseTweets(outputText);
    expect(tweets.length).toBeGreaterThanOrEqual(5);
    expect(tweets.some((tweet) => tweet.text.endsWith('…'))).toBe(true);
    for (const tweet of tweets) expect(tweet.text.length).toBeLessThanOrEqual(280);
  });
});

describe('retries', () => {
  it('retries a 429 after the retry-after the provider asked for', async () => {
    fake.enqueue({ kind: 'error', status: 429, retryAfterSeconds: 1 });
    const started = Date.now();
    const result = await engine().generate(lecture('summary'));
    expect(result.outputText).not.toBe('');
    expect(fake.requests.map((request) => request.status)).toEqual([429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 with back-off', async () => {
    fake.enqueue({ kind: 'error', status: 500 });
    await engine().generate(lecture('insights'));
    expect(fake.requests.map((request) => request.status)).toEqual([500, 200]);
  });

  it('reports a provider that stays down as a transient 502, after two retries', async () => {
    fake.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 503 })));
    const error = await failure(engine().generate(lecture('summary')));
    expect(error).toBeInstanceOf(TransientJobError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/AI provider/);
    expect(fake.requests).toHaveLength(3);
  });

  it.each([400, 422])('never retries a %i, and fails the job for good', async (status) => {
    fake.enqueue({ kind: 'error', status, message: 'Invalid request.' });
    const error = await failure(engine().generate(lecture('summary')));
    expect(fake.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(new RegExp(`AI provider .* rejected the request \\(${status}\\)`));
  });

  it('never retries a 409 itself, and leaves a later attempt to the job', async () => {
    fake.enqueue({ kind: 'error', status: 409, message: 'Conflict.' });
    const error = await failure(engine().generate(lecture('summary')));
    expect(fake.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(TransientJobError);
    expect(error).not.toBeInstanceOf(PermanentJobError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/AI provider .* could not take the request now/);
  });

  it('leaves a retry-after longer than its cap to the job, without waiting', async () => {
    fake.enqueue({ kind: 'error', status: 429, retryAfterSeconds: 120 });
    const started = Date.now();
    const error = await failure(engine({ maxRetryAfterMs: 30_000 }).generate(lecture('summary')));
    expect(error).toBeInstanceOf(TransientJobError);
    expect(fake.requests).toHaveLength(1);
    // Waiting at all would mean at least the 30 s cap; half of it leaves any machine a wide margin.
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);
});

describe('provider failures', () => {
  it('answers a slow provider with a 504 once AI_TIMEOUT_MS has passed, its retries included', async () => {
    fake.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'slow' as const, delayMs: 5_000 })));
    const started = Date.now();
    const error = await failure(engine({ timeoutMs: 400 }).generate(lecture('summary')));
    expect(error).toBeInstanceOf(TransientJobError);
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/AI provider .* did not answer in time/);
    // Not before the limit, and no retry after it: the limit covers the whole generation.
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(fake.requests).toHaveLength(1);
  });

  it('turns a rejected key into a permanent 502 that names the provider but never the key', async () => {
    const wrongKey = 'sk-wrong-key-7d3e9f1a2b';
    const error = await failure(engine({ apiKey: wrongKey }).generate(lecture('summary')));
    expect(fake.requests.map((request) => request.status)).toEqual([401]);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/AI provider \(OpenAI-compatible server\) rejected Lectern's API key/);
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain('sk-');
  });

  it('turns an unknown model into a permanent 502 carrying the provider reason', async () => {
    const error = await failure(engine({ model: 'no-such-model' }).generate(lecture('blog')));
    expect(fake.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.message).toMatch(/rejected the request \(404\): The model `no-such-model` does not exist/);
  });

  describe("never name the server's address", () => {
    // The server as OPENAI_BASE_URL may name it: by host name, and a port.
    const named = () => fake.baseURL.replace('127.0.0.1', 'localhost');
    const addressIn = (message: string, baseURL: string) => {
      const { hostname, port, host } = new URL(baseURL);
      return [host, hostname, port, '127.0.0.1', 'http://', '/v1'].filter((part) => message.includes(part));
    };
    const failures: Array<[string, () => Promise<unknown>, string]> = [
      [
        'a rejected key',
        () => engine({ baseURL: named(), apiKey: 'sk-wrong-1234' }).generate(lecture('summary')),
        "rejected Lectern's API key",
      ],
      [
        'a provider reason that names it',
        () => {
          fake.enqueue({
            kind: 'error',
            status: 400,
            message: `Model unavailable at ${named()}/models (upstream localhost:${new URL(named()).port}).`,
          });
          return engine({ baseURL: named() }).generate(lecture('summary'));
        },
        'rejected the request (400): Model unavailable at',
      ],
      [
        'a server that stays down',
        () => {
          fake.enqueue({ kind: 'error', status: 503 });
          return engine({ baseURL: named(), maxRetries: 0 }).generate(lecture('summary'));
        },
        'is unavailable (503)',
      ],
      [
        'a slow server',
        () => {
          fake.enqueue({ kind: 'slow', delayMs: 5_000 });
          return engine({ baseURL: named(), timeoutMs: 300, maxRetries: 0 }).generate(lecture('summary'));
        },
        'did not answer in time',
      ],
      [
        'a streamed answer that breaks off',
        () => {
          fake.tokenDelayMs = 1;
          fake.enqueue({ kind: 'drop-mid-stream', afterTokens: 3 });
          return engine({ baseURL: named() }).generate(lecture('summary'), undefined, () => undefined);
        },
        'stopped answering partway through',
      ],
    ];

    it.each(failures)('in the message of %s', async (_name, fail, expected) => {
      const error = await failure(fail());
      expect(error.message).toContain(expected);
      expect(addressIn(error.message, named())).toEqual([]);
    });

    it('in the message of a server that cannot be reached', async () => {
      const unreachable = 'http://ai-server.internal.example:1/v1';
      const error = await failure(
        engine({ baseURL: unreachable, maxRetries: 0, timeoutMs: 5_000 }).ask({
          question: 'What is the forgetting curve?',
          index: new TranscriptIndex(punctuatedLecture, 'en'),
        }),
      );
      expect(error.message).toBe('[502] Lectern could not reach the AI provider (OpenAI-compatible server).');
      expect(addressIn(error.message, unreachable)).toEqual([]);
      expect(error.message).not.toContain('internal');
    });
  });

  it('stops when the job is cancelled', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    const pending = failure(engine().generate(lecture('summary'), controller.signal));
    setTimeout(() => controller.abort(), 100);
    const error = await pending;
    expect(error).not.toBeInstanceOf(TransientJobError);
    expect(error).not.toBeInstanceOf(PermanentJobError);
  });
});

describe('map-reduce for transcripts longer than the token budget', () => {
  it('sends a ten-hour lecture as timestamped chunks, then one final request over their notes', async () => {
    const segments = tenHourLecture();
    const budget = 16_000;
    const result = await engine({ tokenBudget: budget }).generate({
      feature: 'summary',
      summaryLength: 'detailed',
      title: 'Data structures, the whole course',
      segments,
    });

    const maps = expectOneMapReduce(fake.requests, 'summary', 'detailed');

    // The chunks are the whole transcript, in order, each line with its timestamp, inside its <transcript> block.
    const sent = maps
      .map((request) => request.messages[1]?.content ?? '')
      .sort((a, b) => partNumber(a) - partNumber(b))
      .flatMap((content) => {
        const lines = content.split('\n');
        expect(lines.slice(1, 2).concat(lines.slice(-1))).toEqual(['<transcript>', '</transcript>']);
        return lines.slice(2, -1);
      });
    expect(sent).toEqual(formatTranscriptLines(segments));
    for (const request of fake.requests)
      expect(estimateTokens(request.messages.map((m) => m.content).join('\n'))).toBeLessThanOrEqual(budget);
    expect(paragraphs(result.outputText).length).toBeGreaterThanOrEqual(3);
  });

  it('condenses the notes again when they do not fit one final request', async () => {
    const budget = 1_000;
    await engine({ tokenBudget: budget }).generate({
      feature: 'flashcards',
      summaryLength: 'short',
      title: null,
      segments: oneHourLecture(),
    });

    const kinds = fake.requests.map((request) => request.kind);
    expect(kinds.filter((kind) => kind === 'map').length).toBeGreaterThan(10);
    expect(kinds).toContain('condense');
    expect(kinds.filter((kind) => kind === 'reduce')).toHaveLength(1);
    expect(kinds.at(-1)).toBe('reduce');
    for (const request of fake.requests) {
      expect(request.problem).toBeNull();
      expect(estimateTokens(request.messages.map((m) => m.content).join('\n'))).toBeLessThanOrEqual(budget);
    }
  });
});

describe('createEngine', () => {
  it('uses the OpenAI-compatible engine when a key is configured', async () => {
    const env = AiEngineEnvSchema.parse({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseURL });
    const configured = createEngine(env);
    expect(configured.name).toBe('openai');
    const result = await configured.generate(lecture('action_plan'));
    expect(result).toMatchObject({ engine: 'openai', model: MODEL });
    expect(fake.requests).toHaveLength(1);
  });
});

function partNumber(content: string): number {
  return Number(/^Transcript part (\d+)/.exec(content)?.[1] ?? 0);
}
