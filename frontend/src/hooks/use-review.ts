import type { ReviewRating } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { countDueCards, listDueCards, reviewCard, withoutCard, type DueCardsPage } from '@/api/review';

// What is due changes with the clock, not only with what this tab does: read afresh whenever a screen opens.
export const dueCardsQuery = (videoId?: string) =>
  queryOptions({
    queryKey: queryKeys.review.due(videoId),
    queryFn: () => listDueCards(videoId),
    staleTime: 0,
  });

export function useDueCards(videoId?: string) {
  return useQuery(dueCardsQuery(videoId));
}

/** How many cards are due across the library (one card asked for, the count read from the answer's header). */
export function useDueCount() {
  return useQuery({ queryKey: queryKeys.review.dueCount, queryFn: countDueCards, staleTime: 0 });
}

/**
 * A rating changes what is due everywhere: the rated card leaves every list held (they are not read again, the
 * session reads more when its list runs out), and the navigation's count is asked again (one card).
 */
export function useReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, rating }: { cardId: string; rating: ReviewRating }) => reviewCard(cardId, rating),
    onSuccess: (_reviewed, { cardId }) => {
      queryClient.setQueriesData<DueCardsPage>({ queryKey: queryKeys.review.dueLists }, (page) =>
        page ? withoutCard(page, cardId) : page,
      );
      // Not awaited: the next card is on screen as soon as the rated one leaves the list, and a rating of it must
      // not be refused as "still saving" while the count is being read again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.review.dueCount });
    },
  });
}
