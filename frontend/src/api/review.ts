import {
  DUE_CARDS_TOTAL_HEADER,
  type DueCard,
  type ReviewedCard,
  type ReviewRating,
} from '@lectern/contracts';
import { apiRequest, requestJson } from '@/api/http';

/** The first cards due (the server's default number of them, unless `limit`) and how many are due in all. */
export interface DueCardsPage {
  cards: DueCard[];
  total: number;
}

/** The cards due now across the library, or of one video. */
export async function listDueCards(videoId?: string, limit?: number): Promise<DueCardsPage> {
  const params = new URLSearchParams();
  if (videoId) params.set('videoId', videoId);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const res = await apiRequest('GET', `/api/review/due${query}`);
  const cards = (await res.json()) as DueCard[];
  const total = res.headers.get(DUE_CARDS_TOTAL_HEADER);
  return { cards, total: total === null ? cards.length : Number(total) };
}

/** How many cards are due across the library, without listing them. */
export async function countDueCards(): Promise<number> {
  return (await listDueCards(undefined, 1)).total;
}

/** The page without a card just rated, when it holds it. */
export function withoutCard(page: DueCardsPage, cardId: string): DueCardsPage {
  const cards = page.cards.filter((card) => card.id !== cardId);
  return cards.length === page.cards.length ? page : { cards, total: Math.max(0, page.total - 1) };
}

export function reviewCard(cardId: string, rating: ReviewRating): Promise<ReviewedCard> {
  return requestJson<ReviewedCard>('POST', `/api/review/${encodeURIComponent(cardId)}`, { rating });
}
