import { useState } from 'react';
import { formatTimestamp, type Flashcard } from '@lectern/contracts';
import { MomentLink } from '@/components/video/player/moment-link';
import { useCardMoments } from '@/hooks/use-card-moments';
import { cn } from '@/lib/utils';

function FlashcardView({ card, number }: { card: Flashcard; number: number }) {
  const [flipped, setFlipped] = useState(false);
  return (
    <button
      type="button"
      // Named by the face on show (the other is aria-hidden), so the name matches what is read on screen.
      aria-pressed={flipped}
      onClick={() => setFlipped((value) => !value)}
      className="group w-full rounded-lg text-left perspective-distant focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
    >
      <div
        className={cn(
          'grid transition-transform duration-500 transform-3d motion-reduce:transition-none',
          flipped && 'rotate-y-180',
        )}
      >
        <div
          aria-hidden={flipped}
          className="col-start-1 row-start-1 flex min-h-28 flex-col gap-2 rounded-lg border bg-card p-4 backface-hidden"
        >
          <span className="text-xs font-medium text-muted-foreground">Question {number}</span>
          <span className="text-sm font-medium">{card.question}</span>
        </div>
        <div
          aria-hidden={!flipped}
          className="col-start-1 row-start-1 flex min-h-28 rotate-y-180 flex-col gap-2 rounded-lg border border-primary/40 bg-accent p-4 backface-hidden"
        >
          <span className="text-xs font-medium text-muted-foreground">
            Answer<span className="sr-only"> {number}</span>
          </span>
          <span className="text-sm">{card.answer}</span>
        </div>
      </div>
    </button>
  );
}

export function FlashcardDeck({ videoId, cards }: { videoId: string; cards: readonly Flashcard[] }) {
  const moments = useCardMoments(videoId, cards);
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted-foreground">Select a card to flip it.</p>
      <ul className="grid gap-3">
        {cards.map((card, i) => (
          <li key={`${i}-${card.question}`} className="space-y-1">
            <FlashcardView card={card} number={i + 1} />
            {moments[i] !== null && moments[i] !== undefined ? (
              <MomentLink
                videoId={videoId}
                seconds={moments[i]}
                // The visible moment is part of the name (WCAG 2.5.3: what is seen is what is said).
                label={`Play card ${i + 1} from ${formatTimestamp(moments[i])}`}
                className="ml-1"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
