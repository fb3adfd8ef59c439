import { QUIZ_RULES, formatTimestamp, parseQuiz, type QuizRule } from '@lectern/contracts';
import { startFakeOpenAi, type FakeOpenAi, type FakeQuizFault } from '@lectern/fakes/openai';
import { LECTURE_TITLE, punctuatedLecture, tenHourLecture } from '@lectern/offline-engine/bench';
import { OpenAiEngine } from '../src/engines/openai-engine';

// A quiz from an OpenAI-compatible server, through the real `openai` client: asked for as JSON against the
// contract's schema (structured outputs), or by the prompt alone where the server has none; checked, asked once
// more when unfair, stored as the quiz's Markdown.

const API_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
const MODEL = 'gpt-4o-mini';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, model: MODEL });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function engine(): OpenAiEngine {
  return new OpenAiEngine({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: MODEL,
    tokenBudget: 16_000,
    timeoutMs: 10_000,
    maxRetries: 0,
  });
}

const request = {
  feature: 'quiz' as const,
  summaryLength: 'short' as const,
  title: LECTURE_TITLE,
  segments: punctuatedLecture,
};
const lectureMoments = new Set(punctuatedLecture.map((segment) => Math.floor(segment.start)));

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error('expected the quiz to fail');
}

describe('a quiz from an OpenAI-compatible server', () => {
  it('is asked for with a strict JSON schema and stored as its Markdown, each question at a moment of the lecture', async () => {
    const { outputText, dropped } = await engine().generate(request);
    expect(fake.requests.map((sent) => [sent.responseFormat, sent.status])).toEqual([['json_schema', 200]]);
    expect(dropped?.questions).toEqual([]);
    const questions = parseQuiz(outputText);
    expect(questions).toHaveLength(4);
    expect(questions.map((question) => question.kind)).toEqual(['choice', 'short', 'choice', 'short']);
    for (const question of questions) expect(lectureMoments.has(question.moment.start)).toBe(true);
    expect(outputText).toMatch(/^## 1\. \[\d+:\d\d\] Which words open the line at \d+:\d\d\?$/mu);
    expect(outputText).toMatch(/^Answer: [A-D]\. /mu);
  });

  it('falls back to a JSON prompt where the server refuses the schema, and remembers it refuses', async () => {
    fake.rejectJsonSchema = true;
    const quizzes = engine();
    const { outputText } = await quizzes.generate(request);
    expect(fake.requests.map((sent) => [sent.responseFormat, sent.status])).toEqual([
      ['json_schema', 400],
      [null, 200],
    ]);
    // The prompt carries the schema; the answer came in a code fence, as models wrap JSON.
    expect(fake.requests[1]?.messages[0]?.content).toContain('"questions"');
    expect(parseQuiz(outputText)).toHaveLength(4);
    await quizzes.generate(request);
    expect(fake.requests.slice(2).map((sent) => sent.responseFormat)).toEqual([null]);
  });

  it('asks once more when the quiz is unfair, and keeps the second', async () => {
    fake.unfairQuizzes = 1;
    const { outputText } = await engine().generate(request);
    expect(fake.requests).toHaveLength(2);
    expect(parseQuiz(outputText)).toHaveLength(4);
  });

  it('fails with a clear, permanent message when the quiz is unfair twice', async () => {
    fake.unfairQuizzes = 2;
    const error = await failure(engine().generate(request));
    expect(fake.requests).toHaveLength(2);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(
      /The AI provider \(.+\) twice wrote a quiz Lectern could not use: question 1: .+\. Try again, or choose another model\.$/u,
    );
  });

  it('drops a question citing a moment of no line, and says which moment it dropped', async () => {
    fake.inventInGenerations = true;
    const result = await engine().generate(request);
    const questions = parseQuiz(result.outputText);
    expect(questions).toHaveLength(4);
    expect(result.outputText).not.toContain('Where is the course?');
    expect(result.dropped?.moments).toEqual(['99:59:59']);
  });

  it('of a lecture too long to send at once is written from the notes on its parts, at moments of its lines', async () => {
    const segments = tenHourLecture();
    const starts = new Set(segments.map((segment) => Math.floor(segment.start)));
    const { outputText } = await engine().generate({ ...request, segments });
    const final = fake.requests.at(-1);
    expect([final?.kind, final?.responseFormat]).toEqual(['reduce', 'json_schema']);
    expect(
      fake.requests.filter((sent) => sent.kind === 'map').every((sent) => sent.responseFormat === null),
    ).toBe(true);
    const questions = parseQuiz(outputText);
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) expect(starts.has(question.moment.start)).toBe(true);
  });

  it('streams no half-written JSON: the checked quiz arrives whole, exactly the stored text', async () => {
    fake.unfairQuizzes = 1;
    const pieces: string[] = [];
    const { outputText } = await engine().generate(request, undefined, (piece) => pieces.push(piece));
    expect(pieces).toEqual([outputText]);
    expect(pieces.join('')).not.toContain('{');
    expect(outputText.startsWith(`## 1. [${formatTimestamp(punctuatedLecture[0]?.start ?? 0)}]`)).toBe(true);
  });
});

// Each rule of a fair question a model's quiz may break, and the rule the guard names for it.
const FAULTS: Array<[FakeQuizFault, QuizRule]> = [
  ['not-answerable', 'notAnswerable'],
  ['also-right', 'alsoRight'],
  ['same-option', 'alsoRight'],
  ['length-giveaway', 'lengthGiveaway'],
  ['form-giveaway', 'formGiveaway'],
];

describe("the quiz guard on a model's questions", () => {
  it.each(FAULTS)(
    'drops a choice question breaking a rule (%s), counts it with the dropped, and keeps the others',
    async (fault, rule) => {
      fake.faultyQuizzes = [{ fault, questions: 'first-choice' }];
      const { outputText, dropped } = await engine().generate(request);
      // Three fair questions are enough: not asked again.
      expect(fake.requests).toHaveLength(1);
      const questions = parseQuiz(outputText);
      expect(questions.map((question) => question.kind)).toEqual(['short', 'choice', 'short']);
      expect(dropped?.questions).toHaveLength(1);
      expect(dropped?.questions?.[0]).toContain(QUIZ_RULES[rule]);
      expect(dropped?.moments).toEqual([]);
    },
  );

  it('asks once more, naming the rules that failed, when too few questions are left, and keeps the fair answer', async () => {
    fake.faultyQuizzes = [{ fault: 'length-giveaway', questions: 'every-choice' }];
    const { outputText, dropped } = await engine().generate(request);
    expect(fake.requests).toHaveLength(2);
    const retried = fake.requests[1]?.messages.at(-1)?.content ?? '';
    expect(retried).toContain(QUIZ_RULES.lengthGiveaway);
    expect(fake.requests[0]?.messages.at(-1)?.content).not.toContain(QUIZ_RULES.lengthGiveaway);
    expect(parseQuiz(outputText)).toHaveLength(4);
    expect(dropped?.questions).toEqual([]);
  });

  it('answers with what passed when the second quiz has too few fair questions as well', async () => {
    fake.faultyQuizzes = [
      { fault: 'form-giveaway', questions: 'every-choice' },
      { fault: 'also-right', questions: 'every-choice' },
    ];
    const { outputText, dropped } = await engine().generate(request);
    expect(fake.requests).toHaveLength(2);
    expect(parseQuiz(outputText).map((question) => question.kind)).toEqual(['short', 'short']);
    expect(dropped?.questions).toHaveLength(2);
  });

  it('fails with a 502 naming the broken rules when no question is fair twice', async () => {
    fake.faultyQuizzes = [
      { fault: 'not-answerable', questions: 'every' },
      { fault: 'not-answerable', questions: 'every' },
    ];
    const error = await failure(engine().generate(request));
    expect(fake.requests).toHaveLength(2);
    expect(error.status).toBe(502);
    expect(error.message).toContain('twice wrote a quiz Lectern could not use: only 0 question(s) were fair');
    expect(error.message).toContain(`4 broke these rules: ${QUIZ_RULES.notAnswerable}`);
  });
});
