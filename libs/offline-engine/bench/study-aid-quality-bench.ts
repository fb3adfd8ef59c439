import { FEATURE_TYPES, SUMMARY_LENGTHS, type FeatureType, type SummaryLength } from '@lectern/contracts';
import { OfflineEngine } from '../src/offline-engine';
import { sampleLectures, type SampleLecture } from './lectures/catalogue';
import { transcriptText } from './lectures/caption-builders';
import { judgeActionPlan, type ActionPlanFigures } from './study-aid-quality/action-plan';
import {
  judgeBlogHeadings,
  TranscriptReading,
  type BlogHeadingFigures,
} from './study-aid-quality/blog-headings';
import { judgeCitations, type CitationFigures } from './study-aid-quality/citations';
import { judgeFlashcards, type FlashcardFigures } from './study-aid-quality/flashcards';
import { judgeQuiz, quizFailures, type QuizFigures } from './study-aid-quality/quiz';

// `node libs/offline-engine/dist-bench/bench/study-aid-quality-bench.js [--examples]` (Lectern's own sample lectures), or
// `node bench/study-aid-quality.bench.mjs [--examples]` and `npm run bench` (with the demo's lectures too): how
// good the offline engine's study aids are, judged from their Markdown alone. Development lectures and the
// held-out lecture are reported apart; `--examples` lists what failed, for development lectures only.

/** An output as the engine was asked for it: a feature, and for summaries their length. */
export interface Output {
  feature: FeatureType;
  summaryLength: SummaryLength | null;
}

export interface LectureQuality {
  lecture: string;
  track: SampleLecture['track'];
  heldOut: boolean;
  citations: Array<Output & CitationFigures>;
  flashcards: FlashcardFigures;
  actionPlan: ActionPlanFigures;
  blog: BlogHeadingFigures;
  quiz: QuizFigures;
}

export interface QualityRow {
  measure: string;
  value: string | number;
  target: string;
  met: boolean | '';
}

export interface LectureRow {
  lecture: string;
  track: string;
  cards: number;
  unnamedSubjects: number;
  repeatedAnswers: number;
  fragmentBlanks: number;
  steps: number;
  actions: number;
  headings: number;
  fragmentHeadings: number;
  cited: number;
  citedMissing: number;
  questions: number;
  choices: number;
  /** Questions failing any quiz target. */
  quizFailures: number;
}

export interface StudyAidQualityReport {
  targets: string;
  development: QualityRow[];
  developmentByLecture: LectureRow[];
  heldOut: QualityRow[];
  heldOutByLecture: LectureRow[];
  meetsTargets: { development: boolean; heldOut: boolean };
}

export const QUALITY_TARGETS =
  'every cited moment exists, no unnamed flashcard subject, no repeated answer, no blank that is part of a longer term, every action-plan step an action, no fragment heading; every quiz question read and answerable from its moment, one right option, no option also right, no giveaway by length or form, none on the people in the room or how the course runs, no definition that does not stand alone (answered by pointing back, or of a thing named by its place in the talk), every fill-in sentence standing alone, no blank a fixed phrase fills, every wrong option a term of the lecture and none the lecture puts in the same slot, no answer given away by grammar';

function outputs(): Output[] {
  return FEATURE_TYPES.flatMap<Output>((feature) =>
    feature === 'summary'
      ? SUMMARY_LENGTHS.map((summaryLength) => ({ feature, summaryLength }))
      : [{ feature, summaryLength: null }],
  );
}

const outputName = (output: Output) =>
  output.summaryLength ? `${output.feature} (${output.summaryLength})` : output.feature;

export async function judgeLecture(engine: OfflineEngine, lecture: SampleLecture): Promise<LectureQuality> {
  const written = new Map<string, string>();
  for (const output of outputs()) {
    const { outputText } = await engine.generate({
      feature: output.feature,
      title: lecture.title,
      summaryLength: output.summaryLength ?? 'short',
      segments: lecture.segments,
    });
    written.set(outputName(output), outputText);
  }
  const text = (feature: FeatureType) => written.get(feature) ?? '';
  return {
    lecture: lecture.id,
    track: lecture.track,
    heldOut: lecture.heldOut,
    citations: outputs().map((output) => ({
      ...output,
      ...judgeCitations(written.get(outputName(output)) ?? '', lecture.segments),
    })),
    flashcards: judgeFlashcards(text('flashcards')),
    actionPlan: judgeActionPlan(text('action_plan')),
    blog: judgeBlogHeadings(
      text('blog'),
      new TranscriptReading(transcriptText(lecture.segments), lecture.sentenceEnds),
    ),
    quiz: judgeQuiz(text('quiz'), lecture.segments),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function allOf(measure: string, good: number, total: number): QualityRow {
  return { measure, value: `${good}/${total}`, target: 'all', met: good === total };
}

function noneOf(measure: string, bad: number): QualityRow {
  return { measure, value: bad, target: '0', met: bad === 0 };
}

/** One group's figures, added up over its lectures, beside the targets. */
export function qualityRows(judged: readonly LectureQuality[]): QualityRow[] {
  const cards = sum(judged.map((lecture) => lecture.flashcards.cards));
  const steps = sum(judged.map((lecture) => lecture.actionPlan.steps));
  return [
    ...outputs().map((output) => {
      const figures = judged.flatMap((lecture) =>
        lecture.citations.filter((cited) => outputName(cited) === outputName(output)),
      );
      return allOf(
        `${outputName(output)}: cited moments that exist`,
        sum(figures.map((figure) => figure.existing)),
        sum(figures.map((figure) => figure.cited)),
      );
    }),
    { measure: 'flashcards: cards', value: cards, target: '', met: '' },
    allOf('flashcards: subject named', sum(judged.map((lecture) => lecture.flashcards.named)), cards),
    noneOf('flashcards: repeated answers', sum(judged.map((l) => l.flashcards.repeatedAnswers.length))),
    noneOf(
      'flashcards: blank that is part of a longer term',
      sum(judged.map((l) => l.flashcards.fragmentBlanks.length)),
    ),
    allOf(
      'action plan: steps that are actions',
      sum(judged.map((lecture) => lecture.actionPlan.actions)),
      steps,
    ),
    {
      measure: 'blog: headings',
      value: sum(judged.map((lecture) => lecture.blog.headings)),
      target: '',
      met: '',
    },
    noneOf('blog: fragment headings', sum(judged.map((lecture) => lecture.blog.fragments.length))),
    ...quizRows(judged.map((lecture) => lecture.quiz)),
  ];
}

/** Fewer questions than this make a thin quiz: reported, not a target, since a short lecture may not hold more. */
export const FEW_QUESTIONS = 4;

/** The quiz targets over a group of lectures' quizzes, whichever engine wrote them. */
export function quizRows(quizzes: readonly QuizFigures[]): QualityRow[] {
  const questions = sum(quizzes.map((quiz) => quiz.questions));
  const choices = sum(quizzes.map((quiz) => quiz.choices));
  const count = (figure: (quiz: QuizFigures) => number) => sum(quizzes.map(figure));
  return [
    { measure: 'quiz: questions (choices)', value: `${questions} (${choices})`, target: '', met: '' },
    noneOf(
      'quiz: questions not read as fair',
      count((quiz) => quiz.unreadable),
    ),
    allOf(
      'quiz: answerable from their moment',
      questions - count((quiz) => quiz.unreadable + quiz.notAnswerable.length),
      questions,
    ),
    noneOf(
      'quiz: choices without one right option',
      count((quiz) => quiz.notOneRight.length),
    ),
    noneOf(
      'quiz: choices with an option also right',
      count((quiz) => quiz.alsoRight.length),
    ),
    noneOf(
      'quiz: answer given away by length',
      count((quiz) => quiz.lengthGiveaways.length),
    ),
    noneOf(
      'quiz: answer given away by form',
      count((quiz) => quiz.formGiveaways.length),
    ),
    noneOf(
      'quiz: questions on the people in the room',
      count((quiz) => quiz.aboutTheRoom.length),
    ),
    noneOf(
      'quiz: questions on how the course runs',
      count((quiz) => quiz.courseBusiness.length),
    ),
    noneOf(
      'quiz: definitions that do not stand alone',
      count((quiz) => quiz.definitionsNotAlone.length),
    ),
    noneOf(
      'quiz: sentences that do not stand alone',
      count((quiz) => quiz.notStandingAlone.length),
    ),
    noneOf(
      'quiz: blanks the rest of a fixed phrase fills',
      count((quiz) => quiz.trivialBlanks.length),
    ),
    noneOf(
      'quiz: choices with a wrong option that is no term',
      count((quiz) => quiz.notTerms.length),
    ),
    noneOf(
      'quiz: choices with a wrong option the lecture puts in the slot',
      count((quiz) => quiz.alsoFitting.length),
    ),
    noneOf(
      'quiz: answer given away by grammar',
      count((quiz) => quiz.grammarGiveaways.length),
    ),
    {
      measure: `quiz: lectures with fewer than ${FEW_QUESTIONS} questions`,
      value: quizzes.filter((quiz) => quiz.questions < FEW_QUESTIONS).length,
      target: '',
      met: '',
    },
  ];
}

export function lectureRow(judged: LectureQuality): LectureRow {
  return {
    lecture: judged.lecture,
    track: judged.track,
    cards: judged.flashcards.cards,
    unnamedSubjects: judged.flashcards.unnamed.length,
    repeatedAnswers: judged.flashcards.repeatedAnswers.length,
    fragmentBlanks: judged.flashcards.fragmentBlanks.length,
    steps: judged.actionPlan.steps,
    actions: judged.actionPlan.actions,
    headings: judged.blog.headings,
    fragmentHeadings: judged.blog.fragments.length,
    cited: sum(judged.citations.map((cited) => cited.cited)),
    citedMissing: sum(judged.citations.map((cited) => cited.missing.length)),
    questions: judged.quiz.questions,
    choices: judged.quiz.choices,
    quizFailures: judged.quiz.unreadable + quizFailures(judged.quiz).length,
  };
}

/** Judges the offline engine on Lectern's sample lectures and on `moreLectures` (the demo's). */
export async function judgeAll(moreLectures: readonly SampleLecture[] = []): Promise<LectureQuality[]> {
  const engine = new OfflineEngine();
  const judged: LectureQuality[] = [];
  for (const lecture of [...moreLectures, ...sampleLectures()])
    judged.push(await judgeLecture(engine, lecture));
  return judged;
}

export function qualityReport(judged: readonly LectureQuality[]): StudyAidQualityReport {
  const development = judged.filter((lecture) => !lecture.heldOut);
  const heldOut = judged.filter((lecture) => lecture.heldOut);
  const developmentRows = qualityRows(development);
  const heldOutRows = qualityRows(heldOut);
  const meets = (rows: QualityRow[]) => rows.every((row) => row.met !== false);
  return {
    targets: QUALITY_TARGETS,
    development: developmentRows,
    developmentByLecture: development.map(lectureRow),
    heldOut: heldOutRows,
    heldOutByLecture: heldOut.map(lectureRow),
    meetsTargets: { development: meets(developmentRows), heldOut: meets(heldOutRows) },
  };
}

export async function benchStudyAidQuality(
  moreLectures: readonly SampleLecture[] = [],
): Promise<StudyAidQualityReport> {
  return qualityReport(await judgeAll(moreLectures));
}

/** What failed, lecture by lecture: development lectures only, so the held-out lecture is never shown. */
export function developmentExamples(judged: readonly LectureQuality[]): string[] {
  const lines: string[] = [];
  for (const lecture of judged.filter((judgedLecture) => !judgedLecture.heldOut)) {
    const failures = [
      ...lecture.flashcards.unnamed.map((question) => `unnamed subject: ${question}`),
      ...lecture.flashcards.repeatedAnswers.map((answer) => `repeated answer: ${answer}`),
      ...lecture.flashcards.fragmentBlanks.map((blank) => `fragment blank: ${blank}`),
      ...lecture.actionPlan.notActions.map((step) => `step that is not an action: ${step}`),
      ...lecture.blog.fragments.map((heading) => `fragment heading: ${heading}`),
      ...quizFailures(lecture.quiz),
      ...lecture.citations.flatMap((cited) =>
        cited.missing.map((moment) => `${outputName(cited)} cites a moment no line starts at: ${moment}`),
      ),
    ];
    if (failures.length > 0)
      lines.push(`${lecture.lecture} (${lecture.track})`, ...failures.map((f) => `  - ${f}`));
  }
  return lines;
}

/* eslint-disable no-console -- run from the command line, the benchmark prints its tables */
export function printStudyAidQuality(report: StudyAidQualityReport, examples: string[] = []): void {
  console.log('\n## ai: study-aid quality (offline engine), development lectures');
  console.table(report.development);
  console.table(report.developmentByLecture);
  console.log('\n## ai: study-aid quality (offline engine), held-out lecture (reported apart)');
  console.table(report.heldOut);
  console.table(report.heldOutByLecture);
  console.log(`targets: ${report.targets}`);
  if (examples.length > 0) console.log(`\n## what failed (development lectures)\n${examples.join('\n')}`);
}

if (require.main === module) {
  judgeAll().then(
    (judged) => {
      printStudyAidQuality(
        qualityReport(judged),
        process.argv.includes('--examples') ? developmentExamples(judged) : [],
      );
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
