import type { AiEngine } from '../src/requests';
import { sampleLectures, type SampleLecture } from './lectures/catalogue';
import { quizRows, type QualityRow } from './study-aid-quality-bench';
import { judgeQuiz, quizFailures, type QuizFigures } from './study-aid-quality/quiz';

// Any engine's quizzes judged as the offline engine's are: the same judges (study-aid-quality/quiz.ts) on the same
// lectures, the held-out lecture reported apart. The ai worker's bench runs it on a model when one is configured.

export interface EngineQuizLecture {
  lecture: string;
  track: SampleLecture['track'];
  heldOut: boolean;
  questions: number;
  /** Questions failing any quiz target. */
  quizFailures: number;
  /** Why the engine wrote no quiz for this lecture (its error), when it did not. */
  failed: string | null;
}

export interface EngineQuizReport {
  engine: string;
  model: string;
  development: QualityRow[];
  developmentByLecture: EngineQuizLecture[];
  heldOut: QualityRow[];
  heldOutByLecture: EngineQuizLecture[];
  meetsTargets: { development: boolean; heldOut: boolean };
}

/** What is asked of an engine here: its quizzes, its name and its model. */
export type QuizWriter = Pick<AiEngine, 'name' | 'model' | 'generate'>;

interface JudgedQuiz extends EngineQuizLecture {
  figures: QuizFigures;
}

const NO_QUIZ = judgeQuiz('', []);

async function judgeEngineQuiz(engine: QuizWriter, lecture: SampleLecture): Promise<JudgedQuiz> {
  const base = { lecture: lecture.id, track: lecture.track, heldOut: lecture.heldOut };
  try {
    const { outputText } = await engine.generate({
      feature: 'quiz',
      title: lecture.title,
      summaryLength: 'short',
      segments: lecture.segments,
    });
    const figures = judgeQuiz(outputText, lecture.segments);
    return {
      ...base,
      figures,
      questions: figures.questions,
      quizFailures: figures.unreadable + quizFailures(figures).length,
      failed: null,
    };
  } catch (error) {
    return {
      ...base,
      figures: NO_QUIZ,
      questions: 0,
      quizFailures: 0,
      failed: error instanceof Error ? error.message : String(error),
    };
  }
}

// A lecture the engine wrote no quiz for misses the targets: a quiz is what is measured.
function groupRows(judged: readonly JudgedQuiz[]): QualityRow[] {
  const failed = judged.filter((lecture) => lecture.failed !== null).length;
  return [
    { measure: 'quiz: lectures with no quiz (engine error)', value: failed, target: '0', met: failed === 0 },
    ...quizRows(judged.map((lecture) => lecture.figures)),
  ];
}

const row = (judged: JudgedQuiz): EngineQuizLecture => ({
  lecture: judged.lecture,
  track: judged.track,
  heldOut: judged.heldOut,
  questions: judged.questions,
  quizFailures: judged.quizFailures,
  failed: judged.failed,
});

/** The engine's quizzes on Lectern's sample lectures and `moreLectures` (the demo's), judged by the bench's judges. */
export async function benchEngineQuizzes(
  engine: QuizWriter,
  moreLectures: readonly SampleLecture[] = [],
): Promise<EngineQuizReport> {
  const judged: JudgedQuiz[] = [];
  for (const lecture of [...moreLectures, ...sampleLectures()])
    judged.push(await judgeEngineQuiz(engine, lecture));
  const development = judged.filter((lecture) => !lecture.heldOut);
  const heldOut = judged.filter((lecture) => lecture.heldOut);
  const developmentRows = groupRows(development);
  const heldOutRows = groupRows(heldOut);
  const meets = (rows: QualityRow[]) => rows.every((quality) => quality.met !== false);
  return {
    engine: engine.name,
    model: engine.model,
    development: developmentRows,
    developmentByLecture: development.map(row),
    heldOut: heldOutRows,
    heldOutByLecture: heldOut.map(row),
    meetsTargets: { development: meets(developmentRows), heldOut: meets(heldOutRows) },
  };
}
