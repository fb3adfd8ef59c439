import {
  NOT_COVERED_ANSWER,
  TIMESTAMP_PATTERN,
  formatTimestamp,
  parseTimestamp,
  type TranscriptSegment,
} from '@lectern/contracts';
import { TranscriptIndexCache } from '../src/engines/ask/transcript-index-cache';
import { TranscriptIndex, OFFLINE_MODEL, OfflineEngine } from '@lectern/offline-engine';
import { CONTEXT_TOKEN_BUDGET } from '../src/engines/ask/answer-context';
import { OpenAiEngine } from '../src/engines/openai-engine';
import { estimateTokens } from '../src/engines/transcript-lines';
import { INVENTED_MOMENT, startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { autoCaptionLecture, punctuatedLecture, tenHourLecture } from '@lectern/offline-engine/bench';

const API_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
const MODEL = 'gpt-4o-mini';
const CITED = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]`, 'g');

const ON_TOPIC: Array<[question: string, expected: RegExp]> = [
  ['What is the testing effect?', /testing effect/i],
  ['Who coined desirable difficulties?', /bjork/i],
  ['What happened in the sea otter experiment?', /sea otters/i],
  ['What does the forgetting curve show?', /forgetting curve/i],
  ['How does retrieval change memory?', /retrieval/i],
];
const OFF_TOPIC = [
  'What is the capital of France?',
  'How do I bake sourdough bread?',
  'What is the stock market doing today?',
  'How does photosynthesis work in plants?',
  'What is the best memory foam mattress?',
];

function momentsIn(answer: string): string[] {
  return [...answer.matchAll(CITED)].map((match) => match[1] ?? '');
}

function segmentAt(segments: readonly TranscriptSegment[], start: number): TranscriptSegment | undefined {
  return segments.find((segment) => segment.start === start);
}

describe.each([
  ['punctuated captions', punctuatedLecture],
  ['unpunctuated auto-captions', autoCaptionLecture],
])('offline answers on a ten-minute lecture with %s', (_name, segments) => {
  const engine = new OfflineEngine();
  const index = new TranscriptIndex(segments);

  it.each(ON_TOPIC)(
    'answers %p with quoted passages citing moments that exist',
    async (question, expected) => {
      const result = await engine.ask({ question, index });
      expect(result).toMatchObject({ engine: 'offline', model: OFFLINE_MODEL });
      expect(result.answer).not.toBe(NOT_COVERED_ANSWER);
      expect(result.answer).toMatch(expected);
      expect(result.citations.length).toBeGreaterThan(0);
      expect(momentsIn(result.answer)).toEqual(
        result.citations.map((citation) => formatTimestamp(citation.start)),
      );
      for (const citation of result.citations) {
        // The quote is the transcript's own words, starting in the cited segment.
        const at = segments.findIndex((segment) => segment.start === citation.start);
        expect(at).toBeGreaterThanOrEqual(0);
        const onwards = segments
          .slice(at)
          .map((segment) => segment.text)
          .join(' ');
        expect(onwards.indexOf(citation.text)).toBeGreaterThanOrEqual(0);
        expect(onwards.indexOf(citation.text)).toBeLessThan(segments[at]?.text.length ?? 0);
        expect(result.answer).toContain(`“${citation.text}”`);
      }
    },
  );

  it.each(OFF_TOPIC)('refuses %p: the video does not cover it', async (question) => {
    expect(await engine.ask({ question, index })).toMatchObject({
      answer: NOT_COVERED_ANSWER,
      citations: [],
    });
  });

  it('hands the whole answer to onDelta once', async () => {
    const deltas: string[] = [];
    const result = await engine.ask({ question: 'What is spaced repetition?', index }, undefined, (text) =>
      deltas.push(text),
    );
    expect(deltas).toEqual([result.answer]);
  });
});

describe('offline answers on a ten-hour lecture', () => {
  const segments = tenHourLecture();
  const index = new TranscriptIndex(segments);

  it('cites moments past an hour as h:mm:ss, each where the quote is', async () => {
    const result = await new OfflineEngine().ask({ question: 'What is a hash table?', index });
    expect(result.citations.length).toBeGreaterThan(0);
    for (const citation of result.citations) expect(segmentAt(segments, citation.start)).toBeDefined();
    const moments = momentsIn(result.answer);
    expect(moments.some((moment) => /^\d+:\d\d:\d\d$/.test(moment))).toBe(
      result.citations.some((citation) => citation.start >= 3600),
    );
    // A lecture that repeats itself is quoted once.
    expect(new Set(result.citations.map((citation) => citation.text)).size).toBe(result.citations.length);
  });

  it('refuses a question about something else', async () => {
    const result = await new OfflineEngine().ask({ question: 'What is the testing effect?', index });
    expect(result.answer).toBe(NOT_COVERED_ANSWER);
  });
});

describe('offline answers on short transcripts', () => {
  const twoSegments = [
    { start: 0, text: 'Recursion is when a function calls itself.' },
    { start: 5, text: 'Every recursive function needs a base case.' },
  ];
  const sixSegments = [
    { start: 0, text: 'A hash table stores keys in an array of slots.' },
    { start: 6, text: 'Open addressing keeps every entry in the array itself.' },
    { start: 12, text: 'Linear probing tries the next slot after a collision.' },
    { start: 18, text: 'Deletion with open addressing needs tombstones.' },
    { start: 24, text: 'A tombstone tells a lookup to keep probing past it.' },
    { start: 30, text: 'Resizing clears the tombstones out.' },
  ];

  it.each([
    ['What is recursion?', twoSegments, /Recursion is when a function calls itself/],
    ['What does a recursive function need?', twoSegments, /base case/],
    ['What are tombstones?', sixSegments, /tombstones/],
    ['How does linear probing work?', sixSegments, /Linear probing/],
  ])('answers %p, which the transcript speaks about', async (question, segments, expected) => {
    const result = await new OfflineEngine().ask({ question, index: new TranscriptIndex(segments) });
    expect(result.answer).toMatch(expected);
    expect(result.citations.length).toBeGreaterThan(0);
  });

  it.each([
    ['What is the capital of France?', twoSegments],
    ['How do I bake sourdough bread?', twoSegments],
    ['What is the stock market doing today?', sixSegments],
    ['How does photosynthesis work in plants?', sixSegments],
    ['What is the best memory foam mattress?', sixSegments],
  ])('refuses %p, about something else', async (question, segments) => {
    const result = await new OfflineEngine().ask({ question, index: new TranscriptIndex(segments) });
    expect(result).toMatchObject({ answer: NOT_COVERED_ANSWER, citations: [] });
  });
});

describe('offline answers in other languages', () => {
  const chinese = [
    { start: 0, text: '哈希表把键映射到数组的槽位。' },
    { start: 5, text: '两个键落在同一个槽位就是冲突。' },
    { start: 10, text: '冲突可以用链表解决，每个槽位挂一个链表。' },
    { start: 16, text: '开放寻址会探测下一个空槽位。' },
    { start: 22, text: '装载因子太高时要扩容。' },
  ];
  const french = [
    { start: 0, text: "Une table de hachage associe des clés à des valeurs dans un tableau d'alvéoles." },
    { start: 6, text: 'Quand deux clés tombent dans la même alvéole, il y a une collision.' },
    { start: 12, text: 'On résout les collisions par chaînage ou par adressage ouvert.' },
    { start: 18, text: "L'adressage ouvert cherche la prochaine alvéole libre." },
    { start: 24, text: 'Il faut agrandir le tableau quand il est trop plein.' },
  ];

  it('answers a Chinese question on a Chinese lecture, written without spaces', async () => {
    const index = new TranscriptIndex(chinese, 'zh-Hans');
    const result = await new OfflineEngine().ask({ question: '冲突怎么解决？', index });
    expect(result.answer).toMatch(/链表解决/);
    expect(result.citations.map((citation) => citation.start)).toContain(10);
  });

  it('answers a French question the French lecture speaks about', async () => {
    const index = new TranscriptIndex(french, 'fr');
    const result = await new OfflineEngine().ask({ question: "Qu'est-ce que l'adressage ouvert ?", index });
    expect(result.answer).toMatch(/adressage ouvert/);
  });

  it.each(['Quelle est la capitale de la France ?', 'Quand il pleut dans la même ville, que faire ?'])(
    'refuses %p on a French lecture about something else: French function words are not topics',
    async (question) => {
      const index = new TranscriptIndex(french, 'fr');
      expect(await new OfflineEngine().ask({ question, index })).toMatchObject({
        answer: NOT_COVERED_ANSWER,
        citations: [],
      });
    },
  );

  it('reads a transcript of unknown language as English only when it looks English', async () => {
    const english = new TranscriptIndex(punctuatedLecture, 'und');
    const result = await new OfflineEngine().ask({ question: 'What is the testing effect?', index: english });
    expect(result.answer).toMatch(/testing effect/i);
    const unknown = new TranscriptIndex(chinese, null);
    expect((await new OfflineEngine().ask({ question: '冲突怎么解决？', index: unknown })).answer).toMatch(
      /链表/,
    );
  });
});

describe('transcript index cache', () => {
  it('builds an index once per transcript and drops the least recently used past its bound', async () => {
    const cache = new TranscriptIndexCache(new TranscriptIndex(punctuatedLecture).bytes * 2);
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ segments: punctuatedLecture, language: 'en' });
    };
    const [a, b] = await Promise.all([cache.indexFor('a', load), cache.indexFor('a', load)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    await cache.indexFor('b', load);
    await cache.indexFor('a', load); // a is now the most recently used
    await cache.indexFor('c', load); // evicts b
    expect(cache.size).toBe(2);
    expect(loads).toBe(3);
    await cache.indexFor('a', load);
    expect(loads).toBe(3);
    await cache.indexFor('b', load);
    expect(loads).toBe(4);
  });
});

describe('transcript index cache size', () => {
  it('counts the bytes of the text indexed, not segments: a few very long cues evict other indexes', async () => {
    const lecture = new TranscriptIndex(punctuatedLecture);
    const cache = new TranscriptIndexCache(lecture.bytes * 2.5);
    const longCue = 'word '.repeat(Math.ceil(lecture.bytes / 90));
    const longCues = [0, 600, 1200].map((start) => ({ start, text: `${longCue}ends here.` }));
    let loads = 0;
    const load = (segments: TranscriptSegment[]) => () => {
      loads += 1;
      return Promise.resolve({ segments, language: 'en' });
    };
    await cache.indexFor('a', load(punctuatedLecture));
    await cache.indexFor('b', load(punctuatedLecture));
    expect(cache.size).toBe(2);
    const long = await cache.indexFor('long', load(longCues));
    expect(long.bytes).toBeGreaterThan(lecture.bytes * 1.5);
    expect(long.bytes).toBeLessThan(lecture.bytes * 2.5);
    // Three segments only, yet they take the room of both lectures.
    expect(cache.size).toBe(1);
    await cache.indexFor('long', load(longCues));
    expect(loads).toBe(3);
  });
});

describe('OpenAI-compatible answers against the fake provider', () => {
  let fake: FakeOpenAi;
  const engine = () =>
    new OpenAiEngine({
      apiKey: API_KEY,
      baseURL: fake.baseURL,
      model: MODEL,
      tokenBudget: 16_000,
      timeoutMs: 10_000,
    });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  // The `[m:ss]` moments of the excerpt lines the request carried.
  function sentMoments(): Set<string> {
    const user = fake.requests[0]?.messages[1]?.content ?? '';
    return new Set(
      [...user.matchAll(new RegExp(String.raw`^\[(${TIMESTAMP_PATTERN})\] `, 'gm'))].map((m) => m[1] ?? ''),
    );
  }

  it('sends the windows retrieval picked and keeps only citations of moments it sent', async () => {
    const index = new TranscriptIndex(punctuatedLecture);
    const result = await engine().ask({ question: 'What is the testing effect?', index });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      kind: 'ask',
      question: 'What is the testing effect?',
      problem: null,
    });
    const sent = sentMoments();
    expect(sent.size).toBeGreaterThan(0);
    expect(result).toMatchObject({ engine: 'openai', model: MODEL });
    expect(result.citations.length).toBeGreaterThan(0);
    expect(result.answer).toMatch(/testing effect/i);
    for (const citation of result.citations) {
      expect(sent.has(formatTimestamp(citation.start))).toBe(true);
      expect(segmentAt(punctuatedLecture, citation.start)?.text).toBe(citation.text);
    }
    expect(momentsIn(result.answer).every((moment) => sent.has(moment))).toBe(true);
  });

  it('drops a moment the model invents that was not sent, from the answer and the citations', async () => {
    fake.inventCitations = true;
    const index = new TranscriptIndex(punctuatedLecture);
    const result = await engine().ask({ question: 'What does the forgetting curve show?', index });

    const raw = fake.requests.length;
    expect(raw).toBe(1);
    expect(result.answer).not.toContain(INVENTED_MOMENT);
    expect(result.citations.length).toBeGreaterThan(0);
    expect(result.citations.map((citation) => citation.start)).not.toContain(parseTimestamp(INVENTED_MOMENT));
    const sent = sentMoments();
    for (const moment of momentsIn(result.answer)) expect(sent.has(moment)).toBe(true);
  });

  it("answers exactly 'The video does not cover this.' when the model says so", async () => {
    const index = new TranscriptIndex(punctuatedLecture);
    const result = await engine().ask({ question: 'What is the stock market doing today?', index });
    expect(fake.requests).toHaveLength(1);
    expect(result).toMatchObject({ answer: NOT_COVERED_ANSWER, citations: [] });
  });

  it('asks the model about a word whose stem is not a stem of itself (recursion)', async () => {
    const index = new TranscriptIndex([
      { start: 0, text: 'Recursion is when a function calls itself.' },
      { start: 4, text: 'Every recursion needs a base case to stop.' },
    ]);
    const result = await engine().ask({ question: 'What is recursion?', index });
    expect(fake.requests).toHaveLength(1);
    expect(result.answer).not.toBe(NOT_COVERED_ANSWER);
  });

  it('refuses without a request when nothing in the transcript matches the question', async () => {
    const index = new TranscriptIndex(punctuatedLecture);
    const result = await engine().ask({ question: 'What is the capital of France?', index });
    expect(fake.requests).toHaveLength(0);
    expect(result).toMatchObject({ answer: NOT_COVERED_ANSWER, citations: [] });
  });

  it('sends a ten-hour lecture as a few thousand tokens of matching windows, citing h:mm:ss moments', async () => {
    const segments = tenHourLecture();
    const index = new TranscriptIndex(segments);
    const result = await engine().ask({ question: 'What is a hash table?', index });

    const user = fake.requests[0]?.messages[1]?.content ?? '';
    expect(estimateTokens(user)).toBeLessThan(CONTEXT_TOKEN_BUDGET * 1.5);
    expect(result.citations.length).toBeGreaterThan(0);
    for (const citation of result.citations) expect(segmentAt(segments, citation.start)).toBeDefined();
    expect([...sentMoments()].some((moment) => /^\d+:\d\d:\d\d$/.test(moment))).toBe(true);
  });

  it('fails with the generation sentences when the provider fails', async () => {
    fake.enqueue({ kind: 'error', status: 401 });
    const index = new TranscriptIndex(punctuatedLecture);
    const error = await engine()
      .ask({ question: 'What is the testing effect?', index })
      .then(
        () => null,
        (failure: unknown) => failure as Error & { status?: number },
      );
    expect(error?.status).toBe(502);
    expect(error?.message).toMatch(
      /^\[502\] The AI provider \(OpenAI-compatible server\) rejected Lectern's API key\.$/,
    );
  });
});
