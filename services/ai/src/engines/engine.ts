import type { FeatureType, SummaryLength, TranscriptSegment } from '@lectern/contracts';

/** What a generation job asks an engine for: one feature over one video's transcript. */
export interface GenerationRequest {
  feature: FeatureType;
  /** Only read for summaries; the other features ignore it. */
  summaryLength: SummaryLength;
  title: string | null;
  segments: TranscriptSegment[];
}

export type EngineName = 'openai' | 'offline';

/** The Markdown a user sees, and which engine and model wrote it (stored with the item). */
export interface GenerationResult {
  outputText: string;
  engine: EngineName;
  model: string;
}

export interface AiEngine {
  readonly name: EngineName;
  readonly model: string;
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<GenerationResult>;
}
