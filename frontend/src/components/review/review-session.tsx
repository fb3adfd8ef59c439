import { formatTimestamp, type DueCard, type ReviewRating, type ReviewedCard } from '@lectern/contracts';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { MomentLink } from '@/components/video/player/moment-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCardMoments } from '@/hooks/use-card-moments';
import { useDueCards, useReviewCard } from '@/hooks/use-review';
import { toast } from '@/hooks/use-toast';
import { buildRoute } from '@/routes';

const RATINGS: readonly { rating: ReviewRating; label: string; key: string; hint: string }[] = [
  { rating: 'again', label: 'Again', key: '1', hint: 'Forgot it' },
  { rating: 'hard', label: 'Hard', key: '2', hint: 'Recalled with effort' },
  { rating: 'good', label: 'Good', key: '3', hint: 'Recalled' },
  { rating: 'easy', label: 'Easy', key: '4', hint: 'Instantly' },
];

/**
 * A card rated in the session and due again within this time (a learning step) is waited for once nothing else
 * is due, as Anki's learn-ahead limit: the session counts down to it and reads the list again then.
 */
const WAIT_FOR_CARDS_WITHIN_MS = 20 * 60_000;

/** When, on this device's clock, a rated card is due again: the server's interval, from the answer's arrival. */
function dueAgainHere(reviewed: ReviewedCard): number | null {
  const wait = Date.parse(reviewed.due) - Date.parse(reviewed.lastReview);
  return Number.isFinite(wait) && wait >= 0 && wait <= WAIT_FOR_CARDS_WITHIN_MS ? Date.now() + wait : null;
}

/** A card stays done until it is due again: rated, it leaves the queue before the list is read afresh. */
const ratedKey = (card: DueCard) => `${card.id}|${card.due}`;

function isTextEntry(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * One card at a time: the question, then the answer on Space or 'Show answer', then a rating on 1–4 or its
 * button. Keys work while focus is in the session: the question is the first stop of Tab, and focus moves to
 * the answer once shown and to the next question after each rating.
 */
export function ReviewSession({ videoId, autoFocus = false }: { videoId?: string; autoFocus?: boolean }) {
  const due = useDueCards(videoId);
  const review = useReviewCard();
  // Cards rated in this session that are due again soon, by id: when (this device's clock) each falls due.
  const [comingBack, setComingBack] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [rated, setRated] = useState<ReadonlySet<string>>(() => new Set());
  // The answer shown belongs to one card: when the list read again puts another card first, it starts hidden.
  const [revealedCardId, setRevealedCardId] = useState<string | null>(null);
  const page = due.data;
  const queue = (page?.cards ?? []).filter((card) => !rated.has(ratedKey(card)));
  const card = queue[0];
  const dueCount = page ? page.total - (page.cards.length - queue.length) : 0;
  // More are due than were listed: once the cards held are done, the next ones are read.
  const listDone = page !== undefined && page.cards.length === 0 && page.total > 0;
  const { refetch, isFetching } = due;
  useEffect(() => {
    if (listDone && !isFetching) void refetch();
  }, [listDone, isFetching, refetch]);
  const nextCardAt = !card && comingBack.size > 0 ? Math.min(...comingBack.values()) : null;
  useEffect(() => {
    if (nextCardAt === null) return;
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setComingBack((waiting) => new Map([...waiting].filter(([, at]) => at > now)));
        void refetch();
      },
      Math.max(0, nextCardAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [nextCardAt, refetch]);
  const revealed = card !== undefined && revealedCardId === card.id;
  const reveal = () => setRevealedCardId(card?.id ?? null);
  const questionRef = useRef<HTMLDivElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const emptyRef = useRef<HTMLHeadingElement>(null);

  const sectionRef = useRef<HTMLElement>(null);
  const opened = useRef(false);
  const cardKey = card ? ratedKey(card) : null;
  // Focus follows the session while it is being used (the rated card's answer is gone, so focus fell to the
  // page), and on opening only where asked: beside the flashcards, arrowing through the tabs must keep focus.
  useEffect(() => {
    if (!due.isSuccess) return;
    const firstTime = !opened.current;
    opened.current = true;
    const active = document.activeElement;
    const inUse = active === document.body || (sectionRef.current?.contains(active) ?? false);
    if (firstTime ? !autoFocus : !inUse) return;
    if (cardKey) questionRef.current?.focus();
    else emptyRef.current?.focus();
  }, [cardKey, due.isSuccess, autoFocus]);
  useEffect(() => {
    if (revealed) answerRef.current?.focus();
  }, [revealed]);

  const rate = (rating: ReviewRating) => {
    if (!card || !revealed || review.isPending) return;
    review.mutate(
      { cardId: card.id, rating },
      {
        onSuccess: (reviewed) => {
          setRated((done) => new Set(done).add(ratedKey(card)));
          setRevealedCardId(null);
          const at = dueAgainHere(reviewed);
          setComingBack((waiting) => {
            const next = new Map(waiting);
            if (at === null) next.delete(card.id);
            else next.set(card.id, at);
            return next;
          });
        },
        onError: (error) =>
          toast({
            title: 'Rating not saved',
            description: errorMessage(error, 'Your rating could not be saved. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTextEntry(event.target)) return;
    if (event.key === ' ' && !revealed && card) {
      event.preventDefault();
      reveal();
      return;
    }
    const choice = RATINGS.find((r) => r.key === event.key);
    if (choice && revealed) {
      event.preventDefault();
      rate(choice.rating);
    }
  };

  if (due.isPending || listDone) {
    return (
      <div aria-busy="true" aria-label="Loading cards due" className="space-y-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-9 w-40" />
      </div>
    );
  }
  if (due.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(due.error, 'The cards due could not be loaded. Please refresh the page.')}
      </p>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Review session" onKeyDown={onKeyDown} className="space-y-4">
      <p className="text-sm text-muted-foreground" role="status">
        {dueCount === 0 ? 'No cards due.' : `${dueCount} ${dueCount === 1 ? 'card' : 'cards'} due`}
      </p>
      {!card && nextCardAt !== null ? (
        <NextCardCountdown at={nextCardAt} headingRef={emptyRef} />
      ) : !card ? (
        <div className="rounded-lg border border-dashed p-6 text-center">
          <h2 ref={emptyRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Nothing to review right now
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Cards come back when they are due. Generate flashcards on a video to add more.
          </p>
        </div>
      ) : (
        <>
          <div
            ref={questionRef}
            tabIndex={0}
            role="group"
            aria-label="Question"
            className="rounded-lg border bg-card p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <p className="text-xs font-medium text-muted-foreground">Question</p>
            <p className="mt-1 font-medium whitespace-pre-line">{card.question}</p>
            {videoId ? null : (
              <Link
                to={buildRoute.video(card.videoId)}
                className="mt-2 inline-block text-xs text-muted-foreground underline underline-offset-4 hover:text-foreground"
              >
                Open the video
              </Link>
            )}
          </div>
          {revealed ? (
            <>
              <div
                ref={answerRef}
                tabIndex={-1}
                role="group"
                aria-label="Answer"
                className="rounded-lg border border-primary/40 bg-accent p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <p className="text-xs font-medium text-muted-foreground">Answer</p>
                <p className="mt-1 whitespace-pre-line">{card.answer}</p>
                <CardMoment card={card} />
              </div>
              <div
                role="group"
                aria-label="How well did you remember it?"
                className="grid grid-cols-2 gap-2 sm:grid-cols-4"
              >
                {RATINGS.map(({ rating, label, key, hint }) => (
                  <Button
                    key={rating}
                    variant={rating === 'again' ? 'outline' : rating === 'good' ? 'default' : 'secondary'}
                    aria-keyshortcuts={key}
                    title={`${hint} (${key})`}
                    disabled={review.isPending}
                    onClick={() => rate(rating)}
                    className="h-auto flex-col py-2"
                  >
                    <span>{label}</span>
                    <kbd aria-hidden className="text-[10px] font-normal opacity-70">
                      {key}
                    </kbd>
                  </Button>
                ))}
              </div>
            </>
          ) : (
            <Button variant="outline" aria-keyshortcuts="Space" onClick={reveal}>
              Show answer
            </Button>
          )}
          <p className="text-xs text-muted-foreground">Space shows the answer; 1 to 4 rate it.</p>
        </>
      )}
    </section>
  );
}

/** Until a card rated in the session falls due again (the session reads the list again then): the time left. */
function NextCardCountdown({
  at,
  headingRef,
}: {
  at: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [now, setNow] = useState(() => Date.now());
  const left = at - now;
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [at]);
  return (
    <div className="rounded-lg border border-dashed p-6 text-center">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold tabular-nums outline-none">
        Next card in {formatTimestamp(Math.ceil(Math.max(0, left) / 1000))}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A card you just rated comes back in a moment, to be learnt again. Stay here, or come back later.
      </p>
    </div>
  );
}

/** The moment the card comes from: plays it on the video page, opens the video there from the review page. */
function CardMoment({ card }: { card: DueCard }) {
  const [moment] = useCardMoments(card.videoId, [card]);
  if (moment === null || moment === undefined) return null;
  return (
    <p className="mt-2 text-xs text-muted-foreground">
      From the video at{' '}
      <MomentLink
        videoId={card.videoId}
        seconds={moment}
        label={`Watch this moment (${formatTimestamp(moment)})`}
      />
    </p>
  );
}
