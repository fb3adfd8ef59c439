import type { AiQuestion, AskRequest } from '@lectern/contracts';
import { requestEventStream, type EventStreamHandlers } from '@/api/event-stream';
import { getJson, requestVoid } from '@/api/http';

export function listQuestions(videoId: string): Promise<AiQuestion[]> {
  return getJson<AiQuestion[]>(`/api/ai/questions/${encodeURIComponent(videoId)}`);
}

/** A question (`POST /api/ai/ask`), its answer handed on as it is written. */
export function askQuestion(body: AskRequest, handlers: EventStreamHandlers): Promise<AiQuestion> {
  return requestEventStream<AiQuestion>('POST', '/api/ai/ask', body, handlers);
}

export function deleteQuestion(id: string): Promise<void> {
  return requestVoid('DELETE', `/api/ai/questions/${encodeURIComponent(id)}`);
}
