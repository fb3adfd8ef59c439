import type { FeatureType, SummaryLength } from '../entities';
import type { JobKind } from './common';

/**
 * Write one feature over a cached transcript. The payload stays small: the worker loads the segments from
 * PostgreSQL (a ten-hour transcript never travels through Redis).
 */
export interface GenerateData {
  transcriptId: string;
  feature: FeatureType;
  /** The length of a summary; null for the other features. */
  summaryLength: SummaryLength | null;
  title: string | null;
}

/** Which engine wrote an item: the OpenAI-compatible API, or the built-in offline engine. */
export type AiEngineName = 'openai' | 'offline';

export interface GenerateResult {
  /** What was written, as the worker read it from the job: the gateway stores only what it asked for. */
  transcriptId: string;
  feature: FeatureType;
  summaryLength: SummaryLength | null;
  /** Markdown in the feature's fixed structure. */
  outputText: string;
  engine: AiEngineName;
  model: string;
}

/** The jobs the ai worker handles. */
export interface AiJobs {
  generate: JobKind<GenerateData, GenerateResult>;
}
