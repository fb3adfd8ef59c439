import type { Flashcard } from '@lectern/contracts';
import { useMemo } from 'react';
import { useVideo } from '@/hooks/use-videos';
import { cardMoment, transcriptWords } from '@/lib/card-moment';

/** Where in its video each card comes from (null where unknown), read from the video's transcript. */
export function useCardMoments(videoId: string, cards: readonly Flashcard[]): (number | null)[] {
  const video = useVideo(videoId);
  const segments = video.data?.transcriptSegments;
  const index = useMemo(() => (segments ? transcriptWords(segments) : null), [segments]);
  return useMemo(() => cards.map((card) => (index ? cardMoment(card, index) : null)), [cards, index]);
}
