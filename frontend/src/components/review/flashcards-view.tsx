import type { Flashcard } from '@lectern/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '@/api/query-keys';
import { FlashcardDeck } from '@/components/ai/flashcard-deck';
import { ReviewSession } from '@/components/review/review-session';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDueCards } from '@/hooks/use-review';

/** A video's flashcards: the deck to flip through, or a review session of the cards due. */
export function FlashcardsView({
  videoId,
  contentId,
  cards,
}: {
  videoId: string;
  contentId: string;
  cards: readonly Flashcard[];
}) {
  const due = useDueCards(videoId);
  useRegeneratedDeckRefresh(contentId);
  const dueCount = due.data?.total;
  return (
    <Tabs defaultValue="cards">
      <TabsList aria-label="Flashcards mode">
        <TabsTrigger value="cards">Cards</TabsTrigger>
        <TabsTrigger value="review">
          Review
          {dueCount ? <span className="text-xs text-muted-foreground">({dueCount} due)</span> : null}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="cards">
        <FlashcardDeck videoId={videoId} cards={cards} />
      </TabsContent>
      {/* Tab from the Review tab goes straight to the question, where the session's keys work. */}
      <TabsContent value="review" tabIndex={-1}>
        <ReviewSession videoId={videoId} />
      </TabsContent>
    </Tabs>
  );
}

/**
 * New flashcards change which cards are due: when a generation replaces the deck on screen, every due list and
 * count is read again; when the deck is first shown, the navigation's count is (it may not know the deck yet).
 */
function useRegeneratedDeckRefresh(contentId: string) {
  const queryClient = useQueryClient();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current === contentId) return;
    const firstShown = shown.current === null;
    shown.current = contentId;
    void queryClient.invalidateQueries({
      queryKey: firstShown ? queryKeys.review.dueCount : queryKeys.review.all,
    });
  }, [contentId, queryClient]);
}
