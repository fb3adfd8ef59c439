import {
  formatTimestamp,
  type CourseLectureMaterial,
  type CourseOutline,
  type CourseSummaryOutput,
} from '@lectern/contracts';
import { INVENTED_LINK, INVENTED_MOMENT, startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { OpenAiEngine } from '../src/engines/openai-engine';

// A course's outline or summary from an OpenAI-compatible server, through the real `openai` client: one request
// over every lecture's own outline or summary, the answer read back per lecture and checked (every lecture kept,
// an outline's moments only those of its own lecture's outline), asked once more when a lecture is left out.

const API_KEY = 'sk-lectern-test-6c1e0b9a2d4f';
const MODEL = 'gpt-4o-mini';
const CELLS = '11111111-1111-4111-8111-111111111111';
const ENERGY = '22222222-2222-4222-8222-222222222222';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function engine(tokenBudget = 16_000): OpenAiEngine {
  return new OpenAiEngine({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: MODEL,
    tokenBudget,
    timeoutMs: 10_000,
    maxRetries: 0,
  });
}

const outlines: CourseLectureMaterial[] = [
  {
    number: 1,
    videoId: CELLS,
    title: 'Cells',
    text: [
      '## [0:05] What a cell is',
      '',
      '- [0:05] Every living thing is made of cells',
      '- [1:10] The membrane keeps the inside apart',
      '',
      '## [2:30] Inside the cell',
      '',
      '- [2:45] The nucleus holds the DNA',
    ].join('\n'),
  },
  {
    number: 3,
    videoId: ENERGY,
    title: 'Energy',
    text: '## [0:00] Respiration\n\n- [3:20] Mitochondria make ATP\n- [7:45] Glucose is broken down in steps',
  },
];
const given = new Map([
  [CELLS, new Set([5, 70, 150, 165])],
  [ENERGY, new Set([0, 200, 465])],
]);

const summaries: CourseLectureMaterial[] = [
  { number: 1, videoId: CELLS, title: 'Cells', text: 'Cells are the units of life. They divide to grow.' },
  {
    number: 3,
    videoId: ENERGY,
    title: 'Energy',
    text: 'Mitochondria turn glucose into ATP. Oxygen is needed.',
  },
];

function momentsOf(outline: CourseOutline): Array<{ videoId: string; start: number }> {
  return outline.lectures.flatMap((lecture) =>
    lecture.sections.flatMap((section) => [section.moment, ...section.points.map((point) => point.moment)]),
  );
}

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error('expected the course content to fail');
}

describe('a course outline from an OpenAI-compatible server', () => {
  it("is one request over every lecture's outline, each part's moments on its own lecture's video", async () => {
    const result = await engine().reduceCourse({
      type: 'outline',
      courseTitle: 'Biology',
      lectures: outlines,
    });
    expect(fake.requests.map((sent) => [sent.kind, sent.feature, sent.status])).toEqual([
      ['course', 'outline', 200],
    ]);
    const sent = fake.requests[0]?.messages[1]?.content ?? '';
    expect(sent).toContain('Course: Biology');
    expect(sent).toContain('## Lecture 1: Cells\n\n### [0:05] What a cell is');
    expect(sent).toContain('## Lecture 3: Energy');
    expect(result).toMatchObject({ type: 'outline', engine: 'openai', model: MODEL });
    const outline = result.output as CourseOutline;
    expect(outline.lectures.map(({ number, videoId, title }) => [number, videoId, title])).toEqual([
      [1, CELLS, 'Cells'],
      [3, ENERGY, 'Energy'],
    ]);
    for (const lecture of outline.lectures) expect(lecture.sections[0]?.points.length).toBeGreaterThan(0);
    for (const moment of momentsOf(outline)) expect(given.get(moment.videoId)?.has(moment.start)).toBe(true);
    expect(result.dropped?.moments).toEqual([]);
  });

  it("removes a point at a moment of no lecture's outline or of another lecture's, and links of no lecture", async () => {
    fake.inventInGenerations = true;
    const result = await engine().reduceCourse({
      type: 'outline',
      courseTitle: 'Biology',
      lectures: outlines,
    });
    const outline = result.output as CourseOutline;
    // The model cited 99:59:59 and lecture 3's 7:45 under lecture 1: neither is kept.
    expect(result.dropped?.moments.sort()).toEqual([INVENTED_MOMENT, formatTimestamp(465)].sort());
    // And a link the lectures' material does not have: the point keeps its words.
    expect(result.dropped?.links).toEqual([INVENTED_LINK]);
    expect(JSON.stringify(outline)).not.toContain('made-up');
    expect(JSON.stringify(outline)).toContain('Read on at');
    expect(
      outline.lectures[0]?.sections.flatMap((section) => section.points.map((point) => point.text)),
    ).not.toContain('A point of the next lecture');
    for (const moment of momentsOf(outline)) expect(given.get(moment.videoId)?.has(moment.start)).toBe(true);
  });

  it('asks once more when a lecture is left out, saying which, and keeps the whole answer', async () => {
    fake.courseLecturesLeftOut = 1;
    const result = await engine().reduceCourse({
      type: 'outline',
      courseTitle: 'Biology',
      lectures: outlines,
    });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.messages[1]?.content).toContain('it left out lecture 3');
    expect((result.output as CourseOutline).lectures.map((lecture) => lecture.number)).toEqual([1, 3]);
  });

  it('fails with 502 when the model twice leaves a lecture out', async () => {
    fake.courseLecturesLeftOut = 2;
    const error = await failure(
      engine().reduceCourse({ type: 'outline', courseTitle: 'Biology', lectures: outlines }),
    );
    expect(error.status).toBe(502);
    expect(error.message).toContain(
      'The AI provider (OpenAI-compatible server) twice wrote a course outline Lectern could not use: it left out lecture 3. Try again, or choose another model.',
    );
  });

  it('still sends every lecture when their outlines are over the token budget', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      ...outlines[0]!,
      number: index + 1,
      title: `Part ${index + 1}`,
      text: Array.from(
        { length: 40 },
        (_, line) => `- [${line}:00] A long point about cells number ${line}`,
      ).join('\n'),
    }));
    const lectures = many.map((lecture) => ({ ...lecture, text: `## [0:00] Start\n\n${lecture.text}` }));
    const result = await engine(1_500).reduceCourse({ type: 'outline', courseTitle: 'Biology', lectures });
    const sent = fake.requests[0]?.messages[1]?.content ?? '';
    expect(sent.length / 4).toBeLessThan(1_500);
    for (const lecture of lectures) expect(sent).toContain(`## Lecture ${lecture.number}: ${lecture.title}`);
    expect((result.output as CourseOutline).lectures).toHaveLength(12);
  });
});

describe('a course summary from an OpenAI-compatible server', () => {
  it("is written from the lectures' summaries: what the course covers, then a part per lecture", async () => {
    const result = await engine().reduceCourse({
      type: 'summary',
      courseTitle: 'Biology',
      lectures: summaries,
    });
    expect(fake.requests.map((sent) => [sent.kind, sent.feature])).toEqual([['course', 'summary']]);
    expect(fake.requests[0]?.messages[1]?.content).toContain('Cells are the units of life.');
    const summary = result.output as CourseSummaryOutput;
    expect(summary.overview).toBe('This course runs over 2 lectures and builds one idea on the next.');
    expect(summary.lectures).toEqual([
      {
        number: 1,
        videoId: CELLS,
        title: 'Cells',
        summary:
          'This lecture teaches Cells are the units of life They divide. It leads on from the one before.',
      },
      {
        number: 3,
        videoId: ENERGY,
        title: 'Energy',
        summary:
          'This lecture teaches Mitochondria turn glucose into ATP Oxygen is needed. It leads on from the one before.',
      },
    ]);
  });

  it('asks once more when a lecture is left out of the summary', async () => {
    fake.courseLecturesLeftOut = 1;
    const result = await engine().reduceCourse({
      type: 'summary',
      courseTitle: 'Biology',
      lectures: summaries,
    });
    expect(fake.requests).toHaveLength(2);
    expect((result.output as CourseSummaryOutput).lectures.map((lecture) => lecture.number)).toEqual([1, 3]);
  });
});
