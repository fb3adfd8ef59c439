// Study-aid quality: the offline engine's flashcards, action plans, blog headings and cited moments, judged on the
// demo's five lectures (manual and speech-recognition tracks) and Lectern's sample lectures, with the held-out
// lecture reported apart; then its figures on real lectures (cut sentences, cards, steps, Ask's answers). `node bench/study-aid-quality.bench.mjs [--examples]` runs it alone (after `npm run build` and
// `npx nx run-many -t build:bench`);
// --examples lists what failed on the development lectures.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quality = require(path.join(root, 'libs/offline-engine/dist-bench/bench/study-aid-quality-bench.js'));
const real = require(path.join(root, 'libs/offline-engine/dist-bench/bench/real-lecture-bench.js'));
const modelQuiz = require(path.join(root, 'services/ai/dist-bench/bench/model-quiz-bench.js'));
const { LECTURES } = require('@lectern/fakes/youtube/lectures');
const { autoCaptions, timeLines } = require('@lectern/fakes/youtube/captions');

const segmentsOf = (captions) => captions.map(({ text, start }) => ({ text, start }));

/** The demo's lectures as the fake YouTube serves them: each one's manual track and its auto-generated track. */
export function demoLectures() {
  return LECTURES.flatMap((lecture) => {
    const manual = timeLines(lecture.lines);
    return [
      { id: lecture.id, title: lecture.title, track: 'manual', heldOut: false, segments: segmentsOf(manual) },
      {
        id: `${lecture.id}-auto`,
        title: lecture.title,
        track: 'auto',
        heldOut: false,
        segments: segmentsOf(autoCaptions(manual)),
      },
    ];
  });
}

export function studyAidQuality() {
  return quality.benchStudyAidQuality(demoLectures());
}

/**
 * The OpenAI-compatible engine's quizzes by the same judges on the same lectures, when BENCH_OPENAI_MODEL names a
 * model (and BENCH_OPENAI_API_KEY, BENCH_OPENAI_BASE_URL its server); otherwise "not measured: no model configured".
 */
export function modelQuizQuality() {
  return modelQuiz.benchModelQuizzes(demoLectures());
}

/** The offline engine on real lectures with an open licence (libs/offline-engine/bench/lectures/real). */
export function realLectureQuality() {
  return real.benchRealLectures();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const judged = await quality.judgeAll(demoLectures());
  quality.printStudyAidQuality(
    quality.qualityReport(judged),
    process.argv.includes('--examples') ? quality.developmentExamples(judged) : [],
  );
  const realJudged = await real.judgeRealLectures();
  real.printRealLectures(
    real.realLectureReport(realJudged),
    process.argv.includes('--examples') ? real.realLectureExamples(realJudged) : [],
  );
}
