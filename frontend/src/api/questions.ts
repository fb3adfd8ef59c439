import type { AiQuestion, AskRequest } from '@lectern/contracts';
import { getJson, requestJson, requestVoid } from '@/api/http';

export function listQuestions(videoId: string): Promise<AiQuestion[]> {
  return getJson<AiQuestion[]>(`/api/ai/questions/${encodeURIComponent(videoId)}`);
}

export function askQuestion(body: AskRequest): Promise<AiQuestion> {
  return requestJson<AiQuestion>('POST', '/api/ai/ask', body);
}

export function deleteQuestion(id: string): Promise<void> {
  return requestVoid('DELETE', `/api/ai/questions/${encodeURIComponent(id)}`);
}
