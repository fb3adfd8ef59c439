import type { AiContentItem, GenerateRequest } from '@lectern/contracts';
import { requestEventStream, type EventStreamHandlers } from '@/api/event-stream';
import { getJson } from '@/api/http';

export function listAiContent(videoId: string): Promise<AiContentItem[]> {
  return getJson<AiContentItem[]>(`/api/ai/content/${encodeURIComponent(videoId)}`);
}

/** A generation (`POST /api/ai/generate`), its text handed on as it is written. */
export function streamAiContent(
  body: GenerateRequest,
  handlers: EventStreamHandlers,
): Promise<AiContentItem> {
  return requestEventStream<AiContentItem>('POST', '/api/ai/generate', body, handlers);
}
