import type { TranscriptSegment } from '@lectern/contracts';
import { PermanentJobError, createLogger, parseEnv, type JobContext } from '@lectern/queue-runtime';
import type { AiEngine, GenerationRequest } from './engines';
import { AiEnvSchema } from './env';
import { createAiHandlers } from './handlers';
import type { TranscriptSource } from './ai-store';

const SEGMENTS: TranscriptSegment[] = [
  { text: 'A hash table maps keys to values.', start: 0 },
  { text: 'Collisions are resolved by chaining.', start: 4.5 },
];

function newTestHandlers() {
  const requests: GenerationRequest[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const engine: AiEngine = {
    name: 'offline',
    model: 'test-model',
    generate: (request, signal) => {
      requests.push(request);
      signals.push(signal);
      return Promise.resolve({ outputText: `# ${request.feature}`, engine: 'offline', model: 'test-model' });
    },
  };
  const transcripts: TranscriptSource = {
    segments: (id) =>
      id === 'known'
        ? Promise.resolve(SEGMENTS)
        : Promise.reject(new PermanentJobError(404, 'The transcript of this video is no longer available.')),
    close: () => Promise.resolve(),
  };
  const context = {
    logger: createLogger('test', 'silent'),
    signal: new AbortController().signal,
  } as unknown as JobContext;
  return { sut: createAiHandlers({ engine, transcripts }), requests, signals, context };
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
