import type { AiQuestion, AskRequest, CourseAskRequest } from '@lectern/contracts';
import { requestEventStream, type EventStreamHandlers } from '@/api/event-stream';
import { getJson, requestVoid } from '@/api/http';

/** What a thread of questions is asked of: one of the user's videos, or one of their courses. */
export type AskSubject = { videoId: string } | { courseId: string };

/** The subject's thread, newest last (`GET /api/ai/questions/:videoId`, `GET /api/ai/course-questions/:courseId`). */
export function listQuestions(subject: AskSubject): Promise<AiQuestion[]> {
  return getJson<AiQuestion[]>(
    'courseId' in subject
      ? `/api/ai/course-questions/${encodeURIComponent(subject.courseId)}`
      : `/api/ai/questions/${encodeURIComponent(subject.videoId)}`,
  );
}

/** A question (`POST /api/ai/ask`), its answer handed on as it is written. */
export function askQuestion(
  body: AskRequest | CourseAskRequest,
  handlers: EventStreamHandlers,
): Promise<AiQuestion> {
  return requestEventStream<AiQuestion>('POST', '/api/ai/ask', body, handlers);
}

export function deleteQuestion(id: string): Promise<void> {
  return requestVoid('DELETE', `/api/ai/questions/${encodeURIComponent(id)}`);
}
