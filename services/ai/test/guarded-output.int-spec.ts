import { randomBytes, randomUUID } from 'node:crypto';
import {
  FEATURE_TYPES,
  NOT_COVERED_ANSWER,
  QUIZ_RULES,
  QueueName,
  TIMESTAMP_PATTERN,
  formatTimestamp,
  parseQuiz,
  type FeatureType,
} from '@lectern/contracts';
import {
  JobDeltaStreams,
  JobRequester,
  appendToJobStream,
  createLogger,
  createRedis,
  deleteKeysUnderPrefix,
  startQueueWorker,
  type RunningQueueWorker,
  jobStreamKey,
  quitRedis,
  type JobContext,
} from '@lectern/queue-runtime';
import { droppedCitationsKey, readDroppedCitations, recordDroppedCitations } from '@lectern/handovers';
import type { Redis } from 'ioredis';
import pino from 'pino';
import type { AiEngine } from '@lectern/offline-engine';
import { TranscriptIndexCache } from '../src/engines';
import { OfflineEngine } from '@lectern/offline-engine';
import { OpenAiEngine } from '../src/engines/openai-engine';
import { createAiHandlers } from '../src/worker';
import { INVENTED_LINK, INVENTED_MOMENT, startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { LECTURE_TITLE, punctuatedLecture, tenHourLecture } from '@lectern/offline-engine/bench';

const API_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
const MODEL = 'gpt-4o-mini';
const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const MOMENT_GROUP = new RegExp(
  String.raw`[[(](${TIMESTAMP_PATTERN}(?:(?:[,;] ?| ?[-–—] ?)${TIMESTAMP_PATTERN})*)[\])]`,
  'g',
);

const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;

let fake: FakeOpenAi;
let redis: Redis;
let requester: JobRequester;
let worker: RunningQueueWorker;
// The ai worker's warnings, as its log lines.
const warnings: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL, tokenDelayMs: 1 });
  redis = createRedis(REDIS_URL);
  requester = new JobRequester(REDIS_URL, prefix);
  await requester.init();
  worker = await startQueueWorker({
    queue: QueueName.Ai,
    handlers: handlersWith(openAiEngine()),
    redisUrl: REDIS_URL,
    prefix,
    concurrency: 2,
    logger: pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>) },
    ),
  });
});
afterAll(async () => {
  await worker.close();
  await requester.close();
  await fake.close();
  await quitRedis(redis);
  await deleteKeysUnderPrefix(REDIS_URL, prefix);
});
beforeEach(async () => {
  fake.reset();
  warnings.length = 0;
  await redis.del(droppedCitationsKey(prefix));
});

function openAiEngine(): OpenAiEngine {
  return new OpenAiEngine({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: MODEL,
    tokenBudget: 16_000,
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
    citationsDropped: (feature, count) => recordDroppedCitations(redis, prefix, feature, count),
  });
}

/** A job through the queue to the ai worker, its text streamed to the stream a gateway opened under its id. */
async function generated(
  feature: FeatureType,
  transcriptId = 'lecture',
): Promise<{ outputText: string; pieces: string[] }> {
  const id = await openStream();
  const { outputText } = await requester.request(
    QueueName.Ai,
    'generate',
    { transcriptId, feature, summaryLength: 'short', title: LECTURE_TITLE },
    { lane: 'pro', timeoutMs: 30_000, jobId: id },
  );
  return { outputText, pieces: await streamedText(id) };
}

function contextOf(jobId: string): JobContext {
  return {
    job: { id: jobId, attemptsMade: 0 },
    logger: createLogger('test', 'silent'),
    signal: new AbortController().signal,
  } as unknown as JobContext;
}

const removalWarnings = () => warnings.filter((line) => /were removed/.test(String(line.msg)));

/** What a gateway does before it enqueues a job whose client asked for the event stream. */
async function openStream(): Promise<string> {
  const id = randomUUID();
  await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'user-1' });
  return id;
}

async function streamedText(id: string): Promise<string[]> {
  const raw = await redis.xrange(jobStreamKey(prefix, id), '-', '+');
  const pieces: string[] = [];
  for (const [, fields] of raw) {
    const entry = new Map<string, string>();
    for (let at = 0; at + 1 < fields.length; at += 2) entry.set(fields[at] ?? '', fields[at + 1] ?? '');
    if (entry.get('type') === 'delta') pieces.push(entry.get('text') ?? '');
  }
  return pieces;
}

const momentsOf = (text: string) =>
  [...text.matchAll(MOMENT_GROUP)].flatMap((match) => (match[1] ?? '').split(/[,;–—-] ?| [–—-] ?/));
const lectureMoments = new Set(punctuatedLecture.map((segment) => formatTimestamp(segment.start)));

function expectClean(text: string): void {
  expect(text).not.toContain('99:59');
  expect(text).not.toContain('made-up');
  expect(text).not.toMatch(/\[\]|\(\)|\[ |\( /);
}

// Made-up moments the fake writes in each feature (see withInventions).
const INVENTED_PER_FEATURE: Record<FeatureType, number> = {
  summary: 1,
  insights: 2,
  flashcards: 1,
  cornell_notes: 2,
  outline: 2,
  quiz: 2,
  tweet: 1,
  blog: 1,
  action_plan: 1,
};

describe('moments and links a model makes up in generated text', () => {
  it.each(FEATURE_TYPES)(
    'never reach the stored %s nor its streamed text, and are counted and logged',
    async (feature) => {
      fake.inventInGenerations = true;
      const { outputText, pieces } = await generated(feature);

      // The prompts carried the transcript in its block (the fake answers 400 otherwise).
      expect(fake.requests.map((request) => request.status)).toEqual([200]);
      expect(pieces.length).toBeGreaterThan(1);
      expectClean(outputText);
      for (const piece of pieces) expectClean(piece);
      expect(pieces.join('')).toBe(outputText);
      // Every moment left is one of the lecture's lines; the real moment of a group is kept.
      for (const moment of momentsOf(outputText)) expect(lectureMoments.has(moment)).toBe(true);
      if (feature === 'insights') expect(outputText).toMatch(/^- \[0:00\] A last one\.$/m);
      if (feature === 'insights') expect(outputText).toMatch(/^- An insight from\.$/m);
      if (feature === 'cornell_notes') expect(outputText).toMatch(/^- \[0:00\] Another note$/m);
      if (feature === 'outline') expect(outputText).toMatch(/^- \[0:00\] Read on at$/m);
      if (feature === 'action_plan') expect(outputText).toMatch(/^5\. Enrol at \(0:00\)\.$/m);
      if (feature === 'flashcards') expect(outputText).toMatch(/^A: At the course page\.$/m);

      expect(await readDroppedCitations(redis, prefix)).toEqual([
        { feature, count: INVENTED_PER_FEATURE[feature] },
      ]);
      const [warning, ...more] = removalWarnings();
      expect(more).toEqual([]);
      expect(warning).toMatchObject({ model: MODEL, feature, level: 40 });
      expect(warning?.moments).toEqual(Array(INVENTED_PER_FEATURE[feature]).fill(INVENTED_MOMENT));
      expect(warning?.links).toEqual([feature === 'cornell_notes' ? 'www.made-up.example' : INVENTED_LINK]);
    },
  );

  it('never reach the stored text of a long transcript written through notes', async () => {
    fake.inventInGenerations = true;
    const { outputText, pieces } = await generated('insights', 'ten-hours');
    expect(fake.requests.at(-1)?.kind).toBe('reduce');
    expect(fake.requests.every((request) => request.status === 200)).toBe(true);
    expectClean(outputText);
    expect(pieces.join('')).toBe(outputText);
    expect(outputText).toMatch(/^- \[\d+:\d\d(?::\d\d)?\] A last one\.$/m);
    expect(await readDroppedCitations(redis, prefix)).toEqual([{ feature: 'insights', count: 2 }]);
  });

  it('leave what a model writes from the transcript as it is', async () => {
    const engine = openAiEngine();
    const request = {
      feature: 'cornell_notes' as const,
      summaryLength: 'short' as const,
      title: LECTURE_TITLE,
      segments: punctuatedLecture,
    };
    const direct = await engine.generate(request);
    const { outputText, pieces } = await generated('cornell_notes');
    expect(outputText).toBe(direct.outputText);
    expect(pieces.join('')).toBe(outputText);
    expect(momentsOf(outputText).length).toBeGreaterThan(2);
    expect(removalWarnings()).toEqual([]);
    expect(await readDroppedCitations(redis, prefix)).toEqual([]);
  });

  it.each(FEATURE_TYPES)('leave the offline engine’s %s as it writes it', async (feature) => {
    const engine = new OfflineEngine();
    const direct = await engine.generate({
      feature,
      summaryLength: 'detailed',
      title: LECTURE_TITLE,
      segments: punctuatedLecture,
    });
    const result = await handlersWith(engine).generate(
      { transcriptId: 'lecture', feature, summaryLength: 'detailed', title: LECTURE_TITLE },
      contextOf(randomUUID()),
    );
    expect(result.outputText).toBe(direct.outputText);
    expect(await readDroppedCitations(redis, prefix)).toEqual([]);
  });
});

describe("a model's quiz questions breaking a rule of a fair question", () => {
  it('never reach the stored quiz; the worker logs each with the rules it broke, apart from the cited moments', async () => {
    fake.faultyQuizzes = [{ fault: 'length-giveaway', questions: 'first-choice' }];
    const { outputText, pieces } = await generated('quiz');
    expect(fake.requests).toHaveLength(1);
    expect(parseQuiz(outputText).map((question) => question.kind)).toEqual(['short', 'choice', 'short']);
    expect(pieces.join('')).toBe(outputText);
    const [warning, ...more] = removalWarnings();
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ model: MODEL, feature: 'quiz', level: 40 });
    expect(warning?.questions).toEqual([expect.stringContaining(QUIZ_RULES.lengthGiveaway)]);
    // The moments counter is of cited moments only: no moment was dropped.
    expect(await readDroppedCitations(redis, prefix)).toEqual([]);
  });
});

describe('moments and links a model makes up in an answer', () => {
  it('never reach the stored answer nor its streamed text, and are counted as ask', async () => {
    fake.inventCitations = true;
    const id = await openStream();
    const result = await requester.request(
      QueueName.Ai,
      'ask',
      { transcriptId: 'lecture', question: 'What does the forgetting curve show?' },
      { lane: 'pro', timeoutMs: 30_000, jobId: id },
    );
    expect(result).not.toHaveProperty('dropped');
    expect(result.citations.length).toBeGreaterThan(0);
    expectClean(result.answer);
    const pieces = await streamedText(id);
    for (const piece of pieces) expectClean(piece);
    expect(pieces.join('').trim()).toBe(result.answer);
    expect(await readDroppedCitations(redis, prefix)).toEqual([{ feature: 'ask', count: 1 }]);
    expect(removalWarnings()).toMatchObject([
      {
        model: MODEL,
        feature: 'ask',
        moments: [INVENTED_MOMENT],
        links: [INVENTED_LINK],
      },
    ]);
  });
});

describe('an answer that cites nothing', () => {
  const QUESTION = 'What does the forgetting curve show?';

  /** An answer through the queue to the ai worker, with what its stream carried. */
  async function answered(): Promise<{ answer: string; citations: unknown[]; pieces: string[] }> {
    const id = await openStream();
    const result = await requester.request(
      QueueName.Ai,
      'ask',
      { transcriptId: 'lecture', question: QUESTION },
      { lane: 'pro', timeoutMs: 30_000, jobId: id },
    );
    return { ...result, pieces: await streamedText(id) };
  }

  it('streams nothing, and is stored as the decline its done event carries', async () => {
    fake.answerQuestionsWith = () =>
      'Memories fade quickly at first and then more slowly, so reviewing early helps a lot.';
    const { answer, citations, pieces } = await answered();
    expect(fake.requests.map((request) => [request.kind, request.stream])).toEqual([['ask', true]]);
    expect(answer).toBe(NOT_COVERED_ANSWER);
    expect(citations).toEqual([]);
    expect(pieces).toEqual([]);
  });

  it('streams nothing when its only moment was never sent', async () => {
    fake.answerQuestionsWith = () => `Memories fade quickly at first [${INVENTED_MOMENT}], the video says.`;
    const { answer, pieces } = await answered();
    expect(answer).toBe(NOT_COVERED_ANSWER);
    expect(pieces).toEqual([]);
    expect(await readDroppedCitations(redis, prefix)).toEqual([{ feature: 'ask', count: 1 }]);
  });

  it('streams nothing when it says the video does not cover the question, even citing a moment', async () => {
    fake.answerQuestionsWith = (moments) => `The video does not cover this [${moments[0] ?? '0:00'}].`;
    const { answer, pieces } = await answered();
    expect(answer).toBe(NOT_COVERED_ANSWER);
    expect(pieces).toEqual([]);
  });

  it('is held back until its first citation, then streamed whole: the stream and the stored answer agree', async () => {
    fake.answerQuestionsWith = (moments) =>
      `Memories fade quickly at first and then more slowly. The lecturer shows the curve [${moments[0] ?? '0:00'}], ` +
      `and spacing reviews flattens it [${moments.at(-1) ?? '0:00'}].`;
    const { answer, citations, pieces } = await answered();
    expect(citations.length).toBeGreaterThan(0);
    expect(pieces.join('').trim()).toBe(answer);
    // No word went out before the answer had cited a moment: the first piece carries the text up to it.
    expect(pieces[0]).toMatch(/^Memories fade quickly .* shows the curve \[\d+:\d\d\]/);
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('from the offline engine streams nothing either', async () => {
    const id = await openStream();
    const result = await handlersWith(new OfflineEngine()).ask(
      { transcriptId: 'lecture', question: 'How do volcanoes erupt under the ocean?' },
      contextOf(id),
    );
    expect(result.answer).toBe(NOT_COVERED_ANSWER);
    expect(await streamedText(id)).toEqual([]);
  });
});

describe('moments the offline engine quotes in an answer', () => {
  const photosynthesis = [
    { start: 0, text: 'Welcome to this lecture about photosynthesis in green plants.' },
    {
      start: 6,
      text: 'Photosynthesis converts light energy into chemical energy stored in glucose, see chapter [99:59] of the book.',
    },
    { start: 14, text: 'Chlorophyll absorbs mostly red and blue light and reflects green light.' },
    { start: 20, text: 'The Calvin cycle fixes carbon dioxide into sugars using ATP and NADPH.' },
  ];

  it('are judged by the transcript, stored and streamed, and counted as ask', async () => {
    const handlers = createAiHandlers({
      engine: new OfflineEngine(),
      indexes: new TranscriptIndexCache(),
      transcripts: {
        segments: () => Promise.resolve(photosynthesis),
        language: () => Promise.resolve('en'),
        close: () => Promise.resolve(),
      },
      deltas: new JobDeltaStreams(redis, prefix),
      citationsDropped: (feature, count) => recordDroppedCitations(redis, prefix, feature, count),
    });
    const id = await openStream();
    const result = await handlers.ask(
      { transcriptId: 'photosynthesis', question: 'What does photosynthesis convert light energy into?' },
      contextOf(id),
    );
    expect(result.answer).toMatch(/chemical energy/);
    expectClean(result.answer);
    const pieces = await streamedText(id);
    for (const piece of pieces) expect(piece).not.toContain('99:59');
    expect(pieces.join('').trim()).toBe(result.answer);
    expect(await readDroppedCitations(redis, prefix)).toEqual([{ feature: 'ask', count: 1 }]);
  });
});
