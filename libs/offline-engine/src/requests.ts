import type {
  AiEngineName,
  AskResult,
  CourseReduction,
  GenerateCourseData,
  GenerateData,
  GenerateResult,
  SummaryLength,
  TranscriptSegment,
} from '@lectern/contracts';
import type { TranscriptIndex } from './search/transcript-index';

/** A chapter of the video: its heading and the second it starts at. */
export interface LectureChapter {
  title: string;
  start: number;
}

/** What a generation job asks an engine for: one feature over one video's transcript. */
export interface GenerationRequest extends Pick<GenerateData, 'feature' | 'title'> {
  /** Only read for summaries; the other features ignore it. */
  summaryLength: SummaryLength;
  segments: TranscriptSegment[];
  /** The video's chapters, when it has them: their headings name the lecture's central concepts. */
  chapters?: readonly LectureChapter[];
}

/** The Markdown a user sees, and which engine and model wrote it: the engine's part of the job's result. */
export type GenerationResult = Pick<GenerateResult, 'outputText' | 'engine' | 'model'> & {
  /** What the engine removed itself, as the output guard would have (a quiz's question citing no line sent). */
  dropped?: DroppedCitations;
};

/**
 * What an ask job asks an engine for: an answer to one question from one transcript's index, a video's or a
 * course's (its lectures laid end to end on one timeline).
 */
export interface AnswerRequest {
  question: string;
  index: TranscriptIndex;
  /** What the index is of; a video unless said. */
  subject?: 'video' | 'course';
}

/** The answer, the moments it cites, and which engine and model wrote it. */
export type Answer = Pick<AskResult, 'answer' | 'citations' | 'engine' | 'model'>;

/**
 * What the output guard removed from what a model wrote: moments it was not sent, links not in the transcript, and
 * quiz questions breaking a rule of a fair question (each as its prompt and the rules it broke).
 */
export interface DroppedCitations {
  moments: string[];
  links: string[];
  questions?: string[];
}

/** The answer, the moments it cites, which engine and model wrote it, and what of the model's text was removed. */
export type AnswerResult = Answer & { dropped?: DroppedCitations };

/** What a course's reduce asks an engine for: its outline or summary, from its lectures' own, in order. */
export type CourseReduceRequest = Pick<GenerateCourseData, 'type' | 'courseTitle' | 'lectures'>;

/** The course outline or summary, which engine and model wrote it, and what of the model's text was removed. */
export type CourseReduceResult = CourseReduction &
  Pick<GenerateResult, 'engine' | 'model'> & { dropped?: DroppedCitations };

/** What every engine of the ai worker does: this offline engine, and the OpenAI-compatible one. */
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
  /**
   * A course outline (a part per lecture with its sections and points, each moment one given in that lecture's
   * outline) or a course summary (a part per lecture), every lecture given kept, in order.
   */
  reduceCourse(request: CourseReduceRequest, signal?: AbortSignal): Promise<CourseReduceResult>;
}
