import type { CreateHighlightRequest, Highlight } from '@lectern/contracts';
import { requestJson, requestVoid } from '@/api/http';

export function createHighlight(body: CreateHighlightRequest): Promise<Highlight> {
  return requestJson<Highlight>('POST', '/api/highlights', body);
}

export function deleteHighlight(id: string): Promise<void> {
  return requestVoid('DELETE', `/api/highlights/${encodeURIComponent(id)}`);
}
