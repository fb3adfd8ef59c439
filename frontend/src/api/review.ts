import type { DueCard, ReviewedCard, ReviewRating } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

/** The cards due now across the library, or of one video. */
export function listDueCards(videoId?: string): Promise<DueCard[]> {
  const query = videoId ? `?videoId=${encodeURIComponent(videoId)}` : '';
  return getJson<DueCard[]>(`/api/review/due${query}`);
}

export function reviewCard(cardId: string, rating: ReviewRating): Promise<ReviewedCard> {
  return requestJson<ReviewedCard>('POST', `/api/review/${encodeURIComponent(cardId)}`, { rating });
}
