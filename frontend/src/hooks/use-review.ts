import type { ReviewRating } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { listDueCards, reviewCard } from '@/api/review';

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

/** A rating changes what is due everywhere: the session's list, the other lists and the navigation's count. */
export function useReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, rating }: { cardId: string; rating: ReviewRating }) => reviewCard(cardId, rating),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}
