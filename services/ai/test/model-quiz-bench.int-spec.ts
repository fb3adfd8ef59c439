import { startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import type { EngineQuizReport } from '@lectern/offline-engine/bench';
import { NOT_MEASURED, benchModelQuizzes, type ModelQuizReport } from '../bench/model-quiz-bench';

// The bench's measure of a model's quizzes: judged by the study-aid quality bench's judges when an operator names a
// model, and plainly "not measured" when none is, never a figure of its own making. Run here against the fake
// OpenAI server only to show the wiring; its figures are not a model's.

const MODEL = 'bench-model';
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ model: MODEL });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const env = () => ({ BENCH_OPENAI_BASE_URL: fake.baseURL, BENCH_OPENAI_MODEL: MODEL });

function measured(report: ModelQuizReport): EngineQuizReport {
  if ('measured' in report) throw new Error(`expected figures, got: ${report.measured}`);
  return report;
}

const rowValue = (report: EngineQuizReport, group: 'development' | 'heldOut', measure: string) =>
  report[group].find((row) => row.measure === measure)?.value;

describe("the bench's measure of a model's quizzes", () => {
  it('says plainly it did not measure when no model is configured, and asks no server', async () => {
    const report = await benchModelQuizzes([], { BENCH_OPENAI_BASE_URL: fake.baseURL });
    expect(report).toEqual({
      measured: NOT_MEASURED,
      howToMeasure: expect.stringContaining('BENCH_OPENAI_MODEL'),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("asks the configured model for every lecture's quiz and judges each, the held-out lecture apart", async () => {
    const report = measured(await benchModelQuizzes([], env()));
    expect(report.model).toBe(MODEL);
    const lectures = [...report.developmentByLecture, ...report.heldOutByLecture];
    expect(fake.requests.filter((sent) => sent.feature === 'quiz')).toHaveLength(lectures.length);
    expect(report.heldOutByLecture.length).toBeGreaterThan(0);
    expect(report.heldOutByLecture.every((lecture) => lecture.heldOut)).toBe(true);
    expect(report.developmentByLecture.every((lecture) => !lecture.heldOut)).toBe(true);
    const questions = report.developmentByLecture.reduce((total, lecture) => total + lecture.questions, 0);
    expect(String(rowValue(report, 'development', 'quiz: questions (choices)'))).toMatch(
      new RegExp(`^${questions} \\(\\d+\\)$`, 'u'),
    );
  });

  it('counts a lecture the model wrote no quiz for as missing the targets', async () => {
    fake.enqueue({ kind: 'error', status: 401, message: 'Incorrect API key provided.' });
    const report = measured(await benchModelQuizzes([], env()));
    const [first] = report.developmentByLecture;
    expect(first?.failed).toMatch(/401|key/iu);
    expect(rowValue(report, 'development', 'quiz: lectures with no quiz (engine error)')).toBe(1);
    expect(report.meetsTargets.development).toBe(false);
  });
});
