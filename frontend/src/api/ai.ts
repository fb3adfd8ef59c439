import type { AiContentItem, GenerateRequest } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

export function listAiContent(videoId: string): Promise<AiContentItem[]> {
  return getJson<AiContentItem[]>(`/api/ai/content/${encodeURIComponent(videoId)}`);
}

export function generateAiContent(body: GenerateRequest): Promise<AiContentItem> {
  return requestJson<AiContentItem>('POST', '/api/ai/generate', body);
}
