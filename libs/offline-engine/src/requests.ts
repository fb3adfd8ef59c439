import type {
  AskResult,
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
export type GenerationResult = Pick<GenerateResult, 'outputText' | 'engine' | 'model'>;

/** What an ask job asks an engine for: an answer to one question from one transcript's index. */
export interface AnswerRequest {
  question: string;
  index: TranscriptIndex;
}

/** The answer, the moments it cites, and which engine and model wrote it. */
export type Answer = Pick<AskResult, 'answer' | 'citations' | 'engine' | 'model'>;
