import type { TranscriptSegment } from '@lectern/contracts';
import { PermanentJobError, createLogger, parseEnv, type JobContext } from '@lectern/queue-runtime';
import type { AiEngine, AnswerRequest, GenerationRequest } from '@lectern/offline-engine';
import { TranscriptIndexCache } from './engines';
import { AiEnvSchema } from './env';
import { createAiHandlers, type TranscriptSource } from './worker';

const SEGMENTS: TranscriptSegment[] = [
  { text: 'A hash table maps keys to values.', start: 0 },
  { text: 'Collisions are resolved by chaining.', start: 4.5 },
];

function newTestHandlers() {
  const requests: GenerationRequest[] = [];
  const questions: AnswerRequest[] = [];
  let loads = 0;
  const signals: (AbortSignal | undefined)[] = [];
  const engine: AiEngine = {
    name: 'offline',
    model: 'test-model',
    generate: (request, signal) => {
      requests.push(request);
      signals.push(signal);
      return Promise.resolve({ outputText: `# ${request.feature}`, engine: 'offline', model: 'test-model' });
    },
    ask: (request) => {
      questions.push(request);
      return Promise.resolve({
        answer: 'Chaining [0:04].',
        citations: [{ start: 4.5, text: 'Collisions are resolved by chaining.' }],
        engine: 'offline',
        model: 'test-model',
      });
    },
    reduceCourse: () =>
      Promise.resolve({
        type: 'summary',
        output: { overview: null, lectures: [] },
        engine: 'offline',
        model: 'test-model',
      }),
  };
  const transcripts: TranscriptSource = {
    segments: (id) => {
      loads += 1;
      return id === 'known'
        ? Promise.resolve(SEGMENTS)
        : Promise.reject(new PermanentJobError(404, 'The transcript of this video is no longer available.'));
    },
    language: () => Promise.resolve('en'),
    close: () => Promise.resolve(),
  };
  const context = {
    logger: createLogger('test', 'silent'),
    signal: new AbortController().signal,
  } as unknown as JobContext;
  const sut = createAiHandlers({ engine, transcripts, indexes: new TranscriptIndexCache() });
  return { sut, requests, questions, signals, context, loads: () => loads };
}

describe('ai handlers', () => {
  it('loads the transcript by id, asks the engine for the feature and names what it wrote', async () => {
    const { sut, requests, context } = newTestHandlers();
    const result = await sut.generate(
      { transcriptId: 'known', feature: 'summary', summaryLength: 'micro', title: 'Hash tables' },
      context,
    );
    expect(result).toEqual({
      outputText: '# summary',
      engine: 'offline',
      model: 'test-model',
      transcriptId: 'known',
      feature: 'summary',
      summaryLength: 'micro',
    });
    expect(requests).toEqual([
      { feature: 'summary', summaryLength: 'micro', title: 'Hash tables', segments: SEGMENTS },
    ]);
  });

  it("hands the engine the job's abort signal, so a stopping worker cuts the provider request short", async () => {
    const { sut, signals, context } = newTestHandlers();
    await sut.generate(
      { transcriptId: 'known', feature: 'flashcards', summaryLength: null, title: null },
      context,
    );
    expect(signals).toEqual([context.signal]);
  });

  it('gives features other than summaries the default length, which they ignore', async () => {
    const { sut, requests, context } = newTestHandlers();
    await sut.generate({ transcriptId: 'known', feature: 'blog', summaryLength: null, title: null }, context);
    expect(requests[0]).toMatchObject({ feature: 'blog', summaryLength: 'short', title: null });
  });

  it('fails permanently with 404 when the transcript is gone', async () => {
    const { sut, context } = newTestHandlers();
    await expect(
      sut.generate({ transcriptId: 'gone', feature: 'insights', summaryLength: null, title: null }, context),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("answers a question from the transcript's index, built once and reused by the next question", async () => {
    const { sut, questions, context, loads } = newTestHandlers();
    const first = await sut.ask({ transcriptId: 'known', question: 'How are collisions resolved?' }, context);
    await sut.ask({ transcriptId: 'known', question: 'What does a hash table map?' }, context);
    expect(first).toEqual({
      answer: 'Chaining [0:04].',
      citations: [{ start: 4.5, text: 'Collisions are resolved by chaining.' }],
      engine: 'offline',
      model: 'test-model',
      transcriptId: 'known',
      question: 'How are collisions resolved?',
    });
    expect(questions.map((request) => request.question)).toEqual([
      'How are collisions resolved?',
      'What does a hash table map?',
    ]);
    expect(questions[0]?.index).toBe(questions[1]?.index);
    expect(questions[0]?.index.segments).toEqual(SEGMENTS);
    expect(loads()).toBe(1);
  });

  it('fails an ask permanently with 404 when the transcript is gone', async () => {
    const { sut, context } = newTestHandlers();
    await expect(sut.ask({ transcriptId: 'gone', question: 'Why?' }, context)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('ai worker configuration', () => {
  it('reads the database, the engine settings and the concurrency, with defaults', () => {
    expect(parseEnv(AiEnvSchema, {})).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/lectern',
      AI_CONCURRENCY: 2,
      AI_TOKEN_BUDGET: 16_000,
      AI_TIMEOUT_MS: 120_000,
    });
  });

  it('names the variable when a value is wrong', () => {
    expect(() => parseEnv(AiEnvSchema, { AI_CONCURRENCY: '0' })).toThrow(
      'Invalid configuration: AI_CONCURRENCY must be at least 1 (got "0")',
    );
    expect(() => parseEnv(AiEnvSchema, { OPENAI_BASE_URL: 'ftp://models' })).toThrow(/OPENAI_BASE_URL/);
  });
});
