import { performance } from 'node:perf_hooks';
import { FEATURE_TYPES, SUMMARY_LENGTHS, type FeatureType, type SummaryLength } from '@lectern/contracts';
import { OfflineEngine } from '../src/offline-engine';
import { syntheticLecture } from './synthetic-lecture';

export interface OfflineBenchFigure {
  transcript: string;
  segments: number;
  feature: FeatureType;
  summaryLength: SummaryLength | null;
  ms: number;
  /** The process's peak resident memory so far, in MiB. */
  peakRssMb: number;
}

export interface OfflineBenchReport {
  /** Loading wink-nlp's English model, once per process. */
  modelLoadMs: number;
  figures: OfflineBenchFigure[];
  peakRssMb: number;
}

export interface OfflineBenchOptions {
  /** Transcript lengths to time; default one hour (1,200 segments) and ten hours (12,000). */
  hours?: number[];
}

interface BenchRun {
  feature: FeatureType;
  summaryLength: SummaryLength | null;
}

const RUNS: BenchRun[] = FEATURE_TYPES.flatMap((feature): BenchRun[] =>
  feature === 'summary'
    ? SUMMARY_LENGTHS.map((summaryLength) => ({ feature, summaryLength }))
    : [{ feature, summaryLength: null }],
);

const peakRssMb = () => Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;

/**
 * Times the offline engine on every feature (each summary length too) over generated lectures. Each call
 * analyses the transcript afresh, as a generation job does.
 */
export async function benchOfflineEngine(options: OfflineBenchOptions = {}): Promise<OfflineBenchReport> {
  const engine = new OfflineEngine();
  const loadStarted = performance.now();
  await engine.generate({
    feature: 'summary',
    summaryLength: 'micro',
    title: null,
    segments: syntheticLecture({ hours: 0.01 }),
  });
  const modelLoadMs = Math.round(performance.now() - loadStarted);

  const figures: OfflineBenchFigure[] = [];
  // Speech-recognition captions cost more: their sentence boundaries are found from clause cues and pauses.
  const transcripts = (options.hours ?? [1, 10]).flatMap((hours) => [
    { label: `${hours} h`, segments: syntheticLecture({ hours }) },
    { label: `${hours} h, auto captions`, segments: syntheticLecture({ hours, punctuated: false }) },
  ]);
  for (const { label, segments } of transcripts) {
    for (const { feature, summaryLength } of RUNS) {
      const started = performance.now();
      await engine.generate({
        feature,
        summaryLength: summaryLength ?? 'short',
        title: 'Benchmark lecture',
        segments,
      });
      figures.push({
        transcript: label,
        segments: segments.length,
        feature,
        summaryLength,
        ms: Math.round((performance.now() - started) * 10) / 10,
        peakRssMb: peakRssMb(),
      });
    }
  }
  return { modelLoadMs, figures, peakRssMb: peakRssMb() };
}
