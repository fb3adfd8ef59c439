import type {
  AiEngineName,
  GenerateData,
  GenerateResult,
  SummaryLength,
  TranscriptSegment,
} from '@lectern/contracts';

/** What a generation job asks an engine for: one feature over one video's transcript. */
export interface GenerationRequest extends Pick<GenerateData, 'feature' | 'title'> {
  /** Only read for summaries; the other features ignore it. */
  summaryLength: SummaryLength;
  segments: TranscriptSegment[];
}

/** The Markdown a user sees, and which engine and model wrote it: the engine's part of the job's result. */
export type GenerationResult = Pick<GenerateResult, 'outputText' | 'engine' | 'model'>;

export interface AiEngine {
  readonly name: AiEngineName;
  readonly model: string;
  /**
   * `onDelta` receives the text the user will see as it is written, piece by piece (the engine's final text
   * before its last clean-up: the result's `outputText` is what is stored).
   */
  generate(
    request: GenerationRequest,
    signal?: AbortSignal,
    onDelta?: (text: string) => void,
  ): Promise<GenerationResult>;
}
