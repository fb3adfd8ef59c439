import { PermanentJobError } from '@lectern/queue-runtime';
import { extractiveAnswer } from './writing/offline-answer';
import { writeActionPlan, writeBlogPost, writeTweetThread } from './writing/content-writers';
import { writeOutlineOf } from './writing/outline-writer';
import { writeQuizOf } from './writing/quiz-writer';
import { writeCornellNotes, writeFlashcards, writeInsights, writeSummary } from './writing/study-writers';
import { analyseTranscript, type TranscriptAnalysis } from './analysis/transcript-analysis';
import { speakerNames, spokenCaptions } from './reading/spoken-captions';
import { courseOutlineOf, courseSummaryOf } from './course/course-reduce';
import type {
  AiEngine,
  Answer,
  AnswerRequest,
  CourseReduceRequest,
  CourseReduceResult,
  GenerationRequest,
  GenerationResult,
} from './requests';

export const OFFLINE_MODEL = 'lectern-extractive-1';

/**
 * Lectern's built-in engine: deterministic and extractive, with no network. wink-nlp tokenises, tags and splits
 * the transcript; sentences are ranked by TF-IDF centrality and every feature is assembled from them. The ai
 * worker uses it as one of its engines.
 */
export class OfflineEngine implements AiEngine {
  readonly name = 'offline' as const;
  readonly model = OFFLINE_MODEL;

  generate(
    request: GenerationRequest,
    signal?: AbortSignal,
    onDelta?: (text: string) => void,
  ): Promise<GenerationResult> {
    try {
      // The work below is synchronous (well under a second even for ten hours): an abort can only be seen before it.
      signal?.throwIfAborted();
      // Study aids are written from what was said, not the captioner's speaker changes, names and sound tags.
      const outputText = writeFeature(
        request,
        analyseTranscript(spokenCaptions(request.segments), {
          title: request.title,
          chapters: request.chapters,
          speakers: speakerNames(request.segments),
        }),
      );
      // Written at once, so it streams as one piece.
      onDelta?.(outputText);
      return Promise.resolve({ outputText, engine: this.name, model: this.model });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  ask(request: AnswerRequest, signal?: AbortSignal, onDelta?: (text: string) => void): Promise<Answer> {
    try {
      signal?.throwIfAborted();
      if (!request.index.segments.some((segment) => segment.text !== ''))
        throw new PermanentJobError(422, 'This video has no transcript text to work from.');
      const { answer, citations } = extractiveAnswer(request.index, request.question);
      onDelta?.(answer);
      return Promise.resolve({ answer, citations, engine: this.name, model: this.model });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** By concatenation: the lectures' outline sections, or their summaries' first sentences, under each lecture. */
  reduceCourse(request: CourseReduceRequest, signal?: AbortSignal): Promise<CourseReduceResult> {
    try {
      signal?.throwIfAborted();
      const written = { engine: this.name, model: this.model };
      return Promise.resolve(
        request.type === 'outline'
          ? { type: 'outline', output: courseOutlineOf(request.lectures), ...written }
          : { type: 'summary', output: courseSummaryOf(request.lectures), ...written },
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

function writeFeature(request: GenerationRequest, analysis: TranscriptAnalysis): string {
  if (analysis.sentences.length === 0) {
    throw new PermanentJobError(422, 'This video has no transcript text to work from.');
  }
  switch (request.feature) {
    case 'summary':
      return writeSummary(analysis, request.summaryLength);
    case 'insights':
      return writeInsights(analysis);
    case 'flashcards':
      return writeFlashcards(analysis);
    case 'cornell_notes':
      return writeCornellNotes(analysis);
    case 'outline':
      return writeOutlineOf(analysis);
    case 'quiz':
      return writeQuizOf(analysis);
    case 'tweet':
      return writeTweetThread(analysis, request.title);
    case 'blog':
      return writeBlogPost(analysis, request.title);
    case 'action_plan':
      return writeActionPlan(analysis);
  }
}
