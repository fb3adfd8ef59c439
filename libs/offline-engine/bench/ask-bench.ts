import { performance } from 'node:perf_hooks';
import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { TranscriptIndex } from '../src/search/transcript-index';
import { OfflineEngine } from '../src/offline-engine';
import { syntheticLecture } from './synthetic-lecture';

// `node libs/offline-engine/dist-bench/bench/ask-bench.js`, or within runAiBench(): Ask the video with the offline engine on the
// ten-hour lecture: the time to build a transcript's index (once per transcript, then cached by the worker) and
// the time to answer a question from a built index.

export interface AskBenchReport {
  transcript: string;
  segments: number;
  passages: number;
  indexBuilds: number;
  indexBuildP50Ms: number;
  indexBuildMaxMs: number;
  answers: number;
  answerP50Ms: number;
  answerP95Ms: number;
  /** Of the questions asked, how many the engine answered (the rest: 'The video does not cover this.'). */
  answered: string;
  /**
   * Building the index of an hour's captions, one of them a single word of 80,000 letters, as anyone can write
   * (before words were cut, Porter2 took 9.4 s on 20,000 letters and did not finish 80,000 in 120 s).
   */
  longWordIndexBuildMs: number;
  targets: string;
  meetsTargets: boolean;
}

// Questions on the lecture's subjects and beside them, so both answers and refusals are timed.
const QUESTIONS = [
  'What is a hash table?',
  'How are collisions resolved?',
  'What is the load factor?',
  'How does a binary search tree stay balanced?',
  'What is the time complexity of a heap insertion?',
  'Why test a tree with sorted input?',
  'What is dynamic programming?',
  'How does a graph search find the shortest path?',
  'Who painted the Mona Lisa?',
  'What is the capital of France?',
];

const round = (value: number) => Math.round(value * 10) / 10;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function benchOfflineAsk(
  options: { builds?: number; rounds?: number } = {},
): Promise<AskBenchReport> {
  const segments = syntheticLecture({ hours: 10 });
  const builds: number[] = [];
  let index: TranscriptIndex | null = null;
  for (let run = 0; run < (options.builds ?? 5); run += 1) {
    const started = performance.now();
    index = new TranscriptIndex(segments);
    builds.push(performance.now() - started);
  }
  const built = index ?? new TranscriptIndex(segments);
  const engine = new OfflineEngine();
  // Warm-up: the stemmer's memory of words and the JIT.
  for (const question of QUESTIONS) await engine.ask({ question, index: built });

  const times: number[] = [];
  let answered = 0;
  for (let round = 0; round < (options.rounds ?? 30); round += 1) {
    for (const question of QUESTIONS) {
      const started = performance.now();
      const result = await engine.ask({ question, index: built });
      times.push(performance.now() - started);
      if (round === 0 && result.answer !== NOT_COVERED_ANSWER) answered += 1;
    }
  }
  const buildMax = Math.max(...builds);
  const answerP95 = percentile(times, 95);
  const withLongWord = [
    ...syntheticLecture({ hours: 1 }),
    { start: 3_600, text: `Remember ${'mnemonic'.repeat(10_000)} well.` },
  ];
  const longWordStarted = performance.now();
  new TranscriptIndex(withLongWord, 'en');
  const longWordIndexBuildMs = round(performance.now() - longWordStarted);
  return {
    transcript: '10 h',
    segments: segments.length,
    passages: built.passages.length,
    indexBuilds: builds.length,
    indexBuildP50Ms: round(percentile(builds, 50)),
    indexBuildMaxMs: round(buildMax),
    answers: times.length,
    answerP50Ms: round(percentile(times, 50)),
    answerP95Ms: round(answerP95),
    answered: `${answered} of ${QUESTIONS.length}`,
    longWordIndexBuildMs,
    targets: 'index build under 2 s (with an 80,000-letter word too), answer p95 under 100 ms',
    meetsTargets: buildMax < 2_000 && longWordIndexBuildMs < 2_000 && answerP95 < 100,
  };
}

/* eslint-disable no-console -- run from the command line, the benchmark prints its table */
export function printAskReport(report: AskBenchReport): void {
  console.log('\n## ai: Ask the video, offline engine on the 10-hour lecture');
  console.table(report);
}

if (require.main === module) {
  benchOfflineAsk().then(
    (report) => {
      printAskReport(report);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
