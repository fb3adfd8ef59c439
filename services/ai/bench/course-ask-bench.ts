import { performance } from 'node:perf_hooks';
import { COURSE_NOT_COVERED_ANSWER, type TranscriptSegment } from '@lectern/contracts';
import { createLogger, type JobContext } from '@lectern/queue-runtime';
import { OfflineEngine } from '@lectern/offline-engine';
import { percentile, sampleLectures, syntheticLecture } from '@lectern/offline-engine/bench';
import { CourseIndex } from '../src/engines/ask/course-index';
import { IndexCache, TranscriptIndexCache } from '../src/engines/ask/transcript-index-cache';
import { createAiHandlers } from '../src/worker';

// `node services/ai/dist-bench/bench/course-ask-bench.js`, or within the root bench runner: Ask the course with the
// offline engine on a course of 30 one-hour lectures, through the ai worker's askCourse job handler: building the
// course's one index (once per course, then cached) and answering a question from it.

export interface CourseAskBenchReport {
  course: string;
  segments: number;
  indexBuilds: number;
  indexBuildP50Ms: number;
  indexBuildMaxMs: number;
  /** A question on a course whose index is cached: the index is not built again. */
  cachedIndexMs: number;
  answers: number;
  answerP50Ms: number;
  answerP95Ms: number;
  /** Of the questions asked, how many the engine answered, and from how many different lectures they cited. */
  answered: string;
  lecturesCited: number;
  targets: string;
  meetsTargets: boolean;
}

const LECTURES = 30;
const HOUR = 3_600;

const QUESTIONS = [
  'What is working memory?',
  'Why does spaced repetition work?',
  'How do tectonic plates move?',
  'What happens at a subduction zone?',
  'Why did the French Revolution begin?',
  'What was the Estates-General?',
  'What is a hash table?',
  'How are collisions resolved?',
  'Who painted the Mona Lisa?',
  'What is the capital of Australia?',
];

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Lecture `number` of the course: one of the development lectures repeated to fill an hour, every third line taken
 * from a synthetic lecture of its own seed, so no two lectures of the course are the same.
 */
function courseLecture(number: number): TranscriptSegment[] {
  const samples = sampleLectures();
  const sample = samples[number % samples.length]!.segments;
  const varied = syntheticLecture({ hours: 1, seed: 100 + number });
  const length = Math.max(1, (sample.at(-1)?.start ?? 0) + 5);
  const segments: TranscriptSegment[] = [];
  for (let repeat = 0; repeat * length < HOUR; repeat += 1) {
    for (const segment of sample) {
      const start = repeat * length + segment.start;
      if (start >= HOUR) break;
      const at = segments.length;
      segments.push({
        start,
        text: at % 3 === 2 ? (varied[at % varied.length]?.text ?? segment.text) : segment.text,
      });
    }
  }
  return segments;
}

export async function benchCourseAsk(
  options: { builds?: number; rounds?: number } = {},
): Promise<CourseAskBenchReport> {
  const transcripts = new Map<string, TranscriptSegment[]>(
    Array.from({ length: LECTURES }, (_, at) => [`transcript-${at + 1}`, courseLecture(at + 1)] as const),
  );
  const lectures = [...transcripts.keys()].map((transcriptId, at) => ({
    number: at + 1,
    videoId: `video-${at + 1}`,
    transcriptId,
  }));
  const context = {
    logger: createLogger('bench', 'silent'),
    signal: new AbortController().signal,
  } as unknown as JobContext;
  const handlersWith = (courseIndexes: IndexCache<CourseIndex>) =>
    createAiHandlers({
      engine: new OfflineEngine(),
      transcripts: {
        segments: (id) => Promise.resolve(transcripts.get(id) ?? []),
        language: () => Promise.resolve('en'),
        close: () => Promise.resolve(),
      },
      indexes: new TranscriptIndexCache(),
      courseIndexes,
    });
  const ask = (handlers: ReturnType<typeof handlersWith>, question: string) =>
    handlers.askCourse({ lectures, question }, context);

  // A first question on a course not yet cached builds its index: timed as the question's whole job.
  const builds: number[] = [];
  let cache = new IndexCache<CourseIndex>();
  for (let run = 0; run < (options.builds ?? 3); run += 1) {
    cache = new IndexCache<CourseIndex>();
    const started = performance.now();
    await ask(handlersWith(cache), QUESTIONS[0]!);
    builds.push(performance.now() - started);
  }
  const handlers = handlersWith(cache);
  const cachedStarted = performance.now();
  const course = await cache.get(
    lectures.map((l) => `${l.number}:${l.videoId}:${l.transcriptId}`).join(','),
    () => Promise.reject(new Error('the course index was not cached')),
  );
  const cachedIndexMs = round(performance.now() - cachedStarted);
  for (const question of QUESTIONS) await ask(handlers, question);

  const times: number[] = [];
  let answered = 0;
  const cited = new Set<string>();
  for (let round = 0; round < (options.rounds ?? 20); round += 1) {
    for (const question of QUESTIONS) {
      const started = performance.now();
      const result = await ask(handlers, question);
      times.push(performance.now() - started);
      if (round > 0) continue;
      if (result.answer !== COURSE_NOT_COVERED_ANSWER) answered += 1;
      for (const citation of result.citations) cited.add(citation.videoId ?? '');
    }
  }
  const buildMax = Math.max(...builds);
  const answerP95 = percentile(times, 95);
  return {
    course: `${LECTURES} lectures of 1 h`,
    segments: course.index.segments.length,
    indexBuilds: builds.length,
    indexBuildP50Ms: round(percentile(builds, 50)),
    indexBuildMaxMs: round(buildMax),
    cachedIndexMs,
    answers: times.length,
    answerP50Ms: round(percentile(times, 50)),
    answerP95Ms: round(answerP95),
    answered: `${answered} of ${QUESTIONS.length}`,
    lecturesCited: cited.size,
    targets: 'index build under 5 s (then cached), answer p95 under 100 ms',
    meetsTargets: buildMax < 5_000 && answerP95 < 100,
  };
}

if (require.main === module) {
  benchCourseAsk().then(
    (report) => {
      // eslint-disable-next-line no-console -- run from the command line, the benchmark prints its table
      console.table(report);
      process.exit(0);
    },
    (error: unknown) => {
      // eslint-disable-next-line no-console -- as above
      console.error(error);
      process.exit(1);
    },
  );
}
