import type { AiEngineName } from '@lectern/contracts';
import type {
  Answer,
  AnswerRequest,
  GenerationRequest,
  GenerationResult as WrittenText,
} from '@lectern/offline-engine';
import type { Dropped } from './moments';

export type { AnswerRequest, GenerationRequest };

/** The written text and which engine and model wrote it. */
export type GenerationResult = WrittenText & {
  /** What the engine removed itself, as the output guard would have (a quiz's question citing no line sent). */
  dropped?: Dropped;
};

/** The answer, the moments it cites, and which engine and model wrote it: the engine's part of the job's result. */
export type AnswerResult = Answer & {
  /** What the answer's model wrote that was removed: moments it was not sent, links not in the transcript. */
  dropped?: Dropped;
};

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
  /**
   * Answers from the transcript only, citing its moments. `onDelta` receives the answer's text as it is written
   * (the whole answer at once where an engine does not stream); the promise still answers the final result.
   */
  ask(request: AnswerRequest, signal?: AbortSignal, onDelta?: (text: string) => void): Promise<AnswerResult>;
}
