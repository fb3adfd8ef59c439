import { FEATURE_TYPES, SUMMARY_LENGTHS, type FeatureType, type SummaryLength } from '@lectern/contracts';
import { OfflineEngine } from '../src/offline-engine';
import { TranscriptIndex } from '../src/search/transcript-index';
import { REAL_LECTURES, realLectureSegments, type RealLecture } from './lectures/real/real-lectures';
import {
  judgeAnswers,
  judgeCutSentences,
  judgeRealCards,
  judgeRealSteps,
  type AskFigures,
  type CutFigures,
  type RealCardFigures,
  type RealStepFigures,
} from './study-aid-quality/real-lecture';
import { judgeQuiz, quizFailures, type QuizFigures } from './study-aid-quality/quiz';

// `node libs/offline-engine/dist-bench/bench/real-lecture-bench.js [--examples]`, and under "ai: study-aid quality
// on real lectures (offline engine)" in `npm run bench`: the offline engine on real lectures with an open licence
// (bench/lectures/real), judged from its Markdown and answers alone. The held-out lecture is reported apart and
// `--examples` lists what failed on the development lectures only.

export interface RealLectureQuality {
  lecture: string;
  captions: RealLecture['captions'];
  heldOut: boolean;
  cuts: CutFigures;
  cards: RealCardFigures;
  steps: RealStepFigures;
  ask: AskFigures;
  quiz: QuizFigures;
}

export interface RealLectureRow {
  lecture: string;
  captions: string;
  'sentences cut': string;
  'cards worth keeping': string;
  'definition cards of substance': string;
  'steps that are actions': string;
  'steps from quotes or announcements': number;
  'central concepts in cards': string;
  'answered with the answer': string;
  'covered declined': number;
  'uncovered declined': string;
  'quiz questions meeting every target': string;
  'targets met': boolean;
}

export interface RealLectureReport {
  targets: string;
  development: RealLectureRow[];
  heldOut: RealLectureRow[];
  meetsTargets: { development: boolean; heldOut: boolean };
}

export const REAL_LECTURE_TARGETS =
  'per lecture: every quiz question read, answerable from its moment, with one right option, none also right and no giveaway, none on the people in the room or how the course runs, no definition that does not stand alone (answered by pointing back, or of a thing named by its place in the talk), its sentence standing alone, its blank no half of a fixed phrase, its wrong options terms of the lecture the lecture never puts in its slot and its grammar giving none away; 0 cut sentences shown as whole, every definition card of substance, 0 steps from quotations or announcements, at least 6 of 9 covered questions answered with the answer quoted and at most 1 declined, every uncovered question declined';

interface Asked {
  feature: FeatureType;
  summaryLength: SummaryLength;
}

const features = (): Asked[] =>
  FEATURE_TYPES.flatMap<Asked>((feature) =>
    feature === 'summary'
      ? SUMMARY_LENGTHS.map((summaryLength) => ({ feature, summaryLength }))
      : [{ feature, summaryLength: 'short' }],
  );

export async function judgeRealLecture(
  engine: OfflineEngine,
  lecture: RealLecture,
): Promise<RealLectureQuality> {
  const segments = realLectureSegments(lecture);
  const captions = segments.map((segment) => segment.text).join(' ');
  const written = new Map<FeatureType, string[]>();
  for (const { feature, summaryLength } of features()) {
    const { outputText } = await engine.generate({ feature, summaryLength, title: lecture.title, segments });
    written.set(feature, [...(written.get(feature) ?? []), outputText]);
  }
  const index = new TranscriptIndex(segments, 'en');
  const answer = async (question: string) => (await engine.ask({ question, index })).answer;
  const covered = [];
  for (const asked of lecture.covered) covered.push({ ...asked, answer: await answer(asked.question) });
  const uncovered = [];
  for (const question of lecture.uncovered) uncovered.push({ question, answer: await answer(question) });
  const text = (feature: FeatureType) => (written.get(feature) ?? []).join('\n\n');
  return {
    lecture: lecture.id,
    captions: lecture.captions,
    heldOut: lecture.heldOut,
    cuts: judgeCutSentences([...written.values()].flat(), captions),
    cards: judgeRealCards(text('flashcards'), captions, lecture.concepts),
    steps: judgeRealSteps(text('action_plan')),
    ask: judgeAnswers(covered, uncovered),
    quiz: judgeQuiz(text('quiz'), segments),
  };
}

export function meetsRealTargets(judged: RealLectureQuality): boolean {
  const { cuts, cards, steps, ask, quiz } = judged;
  return (
    quiz.unreadable === 0 &&
    quizFailures(quiz).length === 0 &&
    cuts.cut.length === 0 &&
    cards.definitionCardsOfSubstance === cards.definitionCards &&
    steps.fromQuotationsOrAnnouncements.length === 0 &&
    ask.answeredWithTheAnswer >= Math.min(6, ask.covered) &&
    ask.coveredDeclined <= 1 &&
    ask.uncoveredDeclined === ask.uncovered
  );
}

export function realLectureRow(judged: RealLectureQuality): RealLectureRow {
  const { cuts, cards, steps, ask } = judged;
  const concepts = cards.conceptsCovered.length + cards.conceptsMissed.length;
  return {
    lecture: judged.lecture,
    captions: judged.captions,
    'sentences cut': `${cuts.cut.length}/${cuts.checked}`,
    'cards worth keeping': `${cards.worthKeeping}/${cards.cards}`,
    'definition cards of substance': `${cards.definitionCardsOfSubstance}/${cards.definitionCards}`,
    'steps that are actions': `${steps.actions}/${steps.steps}`,
    'steps from quotes or announcements': steps.fromQuotationsOrAnnouncements.length,
    'central concepts in cards': `${cards.conceptsCovered.length}/${concepts}`,
    'answered with the answer': `${ask.answeredWithTheAnswer}/${ask.covered}`,
    'covered declined': ask.coveredDeclined,
    'uncovered declined': `${ask.uncoveredDeclined}/${ask.uncovered}`,
    'quiz questions meeting every target': `${quizMeeting(judged.quiz)}/${judged.quiz.questions}`,
    'targets met': meetsRealTargets(judged),
  };
}

// A question fails at most once however many targets it misses.
function quizMeeting(quiz: QuizFigures): number {
  const failing = new Set(quizFailures(quiz).map((failure) => failure.slice(failure.indexOf(': ') + 2)));
  return quiz.questions - quiz.unreadable - failing.size;
}

export async function judgeRealLectures(
  lectures: readonly RealLecture[] = REAL_LECTURES,
): Promise<RealLectureQuality[]> {
  const engine = new OfflineEngine();
  const judged: RealLectureQuality[] = [];
  for (const lecture of lectures) judged.push(await judgeRealLecture(engine, lecture));
  return judged;
}

export function realLectureReport(judged: readonly RealLectureQuality[]): RealLectureReport {
  const development = judged.filter((lecture) => !lecture.heldOut);
  const heldOut = judged.filter((lecture) => lecture.heldOut);
  return {
    targets: REAL_LECTURE_TARGETS,
    development: development.map(realLectureRow),
    heldOut: heldOut.map(realLectureRow),
    meetsTargets: {
      development: development.every(meetsRealTargets),
      heldOut: heldOut.every(meetsRealTargets),
    },
  };
}

export async function benchRealLectures(): Promise<RealLectureReport> {
  return realLectureReport(await judgeRealLectures());
}

/** What failed on the development lectures (the held-out lecture's outputs are never shown). */
export function realLectureExamples(judged: readonly RealLectureQuality[]): string[] {
  return judged
    .filter((lecture) => !lecture.heldOut)
    .flatMap((lecture) => [
      `${lecture.lecture}`,
      ...lecture.cuts.cut.map((sentence) => `  - cut: ${sentence}`),
      ...lecture.cards.notWorthKeeping.map((card) => `  - card not worth keeping: ${card}`),
      ...lecture.cards.conceptsMissed.map((concept) => `  - concept in no card: ${concept}`),
      ...lecture.steps.fromQuotationsOrAnnouncements.map(
        (step) => `  - step from a quote or announcement: ${step}`,
      ),
      ...lecture.ask.misses.map((miss) => `  - ask: ${miss}`),
      ...quizFailures(lecture.quiz).map((failure) => `  - ${failure}`),
    ]);
}

/* eslint-disable no-console -- run from the command line, the benchmark prints its tables */
export function printRealLectures(report: RealLectureReport, examples: string[] = []): void {
  console.log('\n## ai: study-aid quality on real lectures (offline engine), development lectures');
  console.table(report.development);
  console.log(
    '\n## ai: study-aid quality on real lectures (offline engine), held-out lecture (reported apart)',
  );
  console.table(report.heldOut);
  console.log(`targets: ${report.targets}`);
  if (examples.length > 0) console.log(`\n## what failed (development lectures)\n${examples.join('\n')}`);
}

if (require.main === module) {
  judgeRealLectures().then(
    (judged) => {
      printRealLectures(
        realLectureReport(judged),
        process.argv.includes('--examples') ? realLectureExamples(judged) : [],
      );
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
