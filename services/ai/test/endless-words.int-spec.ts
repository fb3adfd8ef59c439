import { LONGEST_CAPTION_WORD, type TranscriptSegment } from '@lectern/contracts';
import { createLogger, type JobContext } from '@lectern/queue-runtime';
import { randomUUID } from 'node:crypto';
import type { AiEngine } from '@lectern/offline-engine';
import { TranscriptIndexCache } from '../src/engines';
import { OfflineEngine } from '@lectern/offline-engine';
import { OpenAiEngine } from '../src/engines/openai-engine';
import { createAiHandlers } from '../src/worker';
import { startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { LECTURE_TITLE, punctuatedLecture } from '@lectern/offline-engine/bench';

// Every word the stemmer is handed, through a pass-through of the real Porter2 stemmer.
const stemmed: string[] = [];
jest.mock('wink-porter2-stemmer', () => {
  const porter2 = jest.requireActual<(word: string) => string>('wink-porter2-stemmer');
  return (word: string) => {
    stemmed.push(word);
    return porter2(word);
  };
});

const API_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
const MODEL = 'gpt-4o-mini';

// One caption holding a "word" of 20,000 letters, as anyone writing a video's captions can make: before words were
// cut, Porter2 took about 10 seconds on it (time that grows with the square of a word's length) on the worker's
// only thread, past its lock. Each test has its own (the stemmer remembers the words it has seen).
function transcriptWith(endless: string): TranscriptSegment[] {
  return [
    ...punctuatedLecture.slice(0, 6),
    { start: (punctuatedLecture[5]?.start ?? 0) + 4, text: `Listen: ${endless} is what we say.` },
    ...punctuatedLecture.slice(6),
  ];
}

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL });
});
afterAll(() => fake.close());
beforeEach(() => {
  stemmed.length = 0;
  fake.reset();
});

function handlersWith(engine: AiEngine, endless: string) {
  return createAiHandlers({
    engine,
    indexes: new TranscriptIndexCache(),
    // A transcript as it may have been stored before words were cut where transcripts are stored.
    transcripts: {
      segments: () => Promise.resolve(transcriptWith(endless)),
      language: () => Promise.resolve('en'),
      close: () => Promise.resolve(),
    },
  });
}

const engines: Array<[string, () => AiEngine, string]> = [
  ['offline', () => new OfflineEngine(), 'forgetting'],
  [
    'OpenAI-compatible',
    () =>
      new OpenAiEngine({
        apiKey: API_KEY,
        baseURL: fake.baseURL,
        model: MODEL,
        tokenBudget: 16_000,
        timeoutMs: 10_000,
      }),
    'retrieval',
  ],
];

function contextOf(): JobContext {
  return {
    job: { id: randomUUID(), attemptsMade: 0 },
    logger: createLogger('test', 'silent'),
    signal: new AbortController().signal,
  } as unknown as JobContext;
}

const longest = (words: readonly string[]) => Math.max(0, ...words.map((word) => word.length));

/**
 * The work's result, and the longest the thread went without running a timer meanwhile (what a worker's lock
 * renewal and its other jobs wait for).
 */
async function withTimerGaps<T>(work: () => Promise<T>): Promise<{ result: T; longestGapMs: number }> {
  let last = performance.now();
  let longestGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 20);
  try {
    const result = await work();
    longestGapMs = Math.max(longestGapMs, performance.now() - last);
    return { result, longestGapMs };
  } finally {
    clearInterval(timer);
  }
}

describe('a caption word of tens of thousands of letters', () => {
  it.each(engines)(
    'leaves the thread free and the stemmer short words when the %s engine answers a question',
    async (_name, engine, root) => {
      const { result, longestGapMs } = await withTimerGaps(() =>
        handlersWith(engine(), `${root}`.repeat(20_000 / root.length)).ask(
          { transcriptId: 'endless', question: 'What does the forgetting curve show?' },
          contextOf(),
        ),
      );
      expect(result.citations.length).toBeGreaterThan(0);
      // Far under the 15 s lock even on a busy machine (the whole word took Porter2 about 10 s).
      expect(longestGapMs).toBeLessThan(5_000);
      // The word reached the index, in pieces.
      expect(stemmed.some((word) => word.startsWith(`${root}${root}`))).toBe(true);
      expect(longest(stemmed)).toBeLessThanOrEqual(LONGEST_CAPTION_WORD);
    },
    60_000,
  );

  it('never reaches the stemmer whole from the question either', async () => {
    const question = `What is ${'spaced'.repeat(80)}?`;
    await handlersWith(new OfflineEngine(), 'memory').ask({ transcriptId: 'endless', question }, contextOf());
    expect(stemmed.some((word) => word.startsWith('spacedspaced'))).toBe(true);
    expect(longest(stemmed)).toBeLessThanOrEqual(LONGEST_CAPTION_WORD);
  });

  it.each(engines)(
    'leaves the %s engine a generation to write, from the words in pieces',
    async (_name, engine, root) => {
      const result = await handlersWith(engine(), `${root}`.repeat(20_000 / root.length)).generate(
        { transcriptId: 'endless', feature: 'summary', summaryLength: 'detailed', title: LECTURE_TITLE },
        contextOf(),
      );
      expect(result.outputText.length).toBeGreaterThan(100);
      expect(longest(result.outputText.split(/\s+/))).toBeLessThanOrEqual(LONGEST_CAPTION_WORD);
      for (const request of fake.requests)
        for (const message of request.messages)
          expect(longest(message.content.split(/\s+/))).toBeLessThanOrEqual(LONGEST_CAPTION_WORD);
    },
    60_000,
  );
});
