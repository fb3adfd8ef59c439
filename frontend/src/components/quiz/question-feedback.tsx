import { formatTimestamp, type QuizQuestion } from '@lectern/contracts';
import { BookmarkPlus, Check, RotateCcw } from 'lucide-react';
import type { Ref } from 'react';
import { errorMessage } from '@/api/http';
import { MomentLink, MomentText } from '@/components/video/player/moment-link';
import { usePlayerControls } from '@/components/video/player/player-context';
import { Button, buttonVariants } from '@/components/ui/button';
import { useReviewQuizQuestion } from '@/hooks/use-quiz';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

/** How long before a question's moment "Rewatch" starts, so the student hears what leads up to it. */
export const REWATCH_LEAD_SECONDS = 10;

/** Where "Rewatch" plays from: a little before the question's moment, never before the start. */
export function rewatchFrom(question: QuizQuestion): number {
  return Math.max(0, Math.floor(question.moment.start) - REWATCH_LEAD_SECONDS);
}

/**
 * What follows an answer: right or wrong (for a short answer, the model answer and the student's own mark), why,
 * and after a wrong answer the way back to the moment that teaches it and into review.
 */
export function QuestionFeedback({
  ref,
  quizId,
  videoId,
  question,
  right,
  onMark,
}: {
  ref: Ref<HTMLDivElement>;
  quizId: string;
  videoId: string;
  question: QuizQuestion;
  /** Null while a short answer waits for the student's mark. */
  right: boolean | null;
  onMark: (right: boolean) => void;
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label="Explanation"
      className="space-y-3 rounded-lg border border-primary/40 bg-card p-4 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      {question.kind === 'short' ? (
        <p>
          <span className="font-medium">Model answer: </span>
          {question.answer}
        </p>
      ) : null}
      {right === null ? (
        <div role="group" aria-label="Mark your answer" className="flex flex-wrap gap-2">
          <Button size="sm" aria-keyshortcuts="1" onClick={() => onMark(true)}>
            Right{' '}
            <kbd aria-hidden className="text-[10px] font-normal opacity-70">
              1
            </kbd>
          </Button>
          <Button size="sm" variant="outline" aria-keyshortcuts="2" onClick={() => onMark(false)}>
            Wrong{' '}
            <kbd aria-hidden className="text-[10px] font-normal opacity-70">
              2
            </kbd>
          </Button>
        </div>
      ) : (
        <p className="font-semibold" role="status">
          {right
            ? 'Right!'
            : question.kind === 'choice'
              ? `Not quite: the answer is ${question.answer}.`
              : 'Marked wrong.'}
        </p>
      )}
      <p>
        <span className="font-medium">Why: </span>
        <MomentText videoId={videoId} text={question.explanation} />
      </p>
      {right === false ? <WrongAnswerActions quizId={quizId} videoId={videoId} question={question} /> : null}
    </div>
  );
}

/** After a wrong answer: the moment that teaches it, to rewatch, and the question into review. */
export function WrongAnswerActions({
  quizId,
  videoId,
  question,
  className,
}: {
  quizId: string;
  videoId: string;
  question: QuizQuestion;
  className?: string;
}) {
  const { playable } = usePlayerControls();
  const review = useReviewQuizQuestion();
  const from = rewatchFrom(question);
  const rewatch = playable
    ? `Rewatch from ${formatTimestamp(from)}`
    : `Show ${formatTimestamp(from)} in the transcript`;
  const inReview = review.isSuccess;

  const addToReview = () =>
    review.mutate(
      { quizId, questionId: question.id },
      {
        onSuccess: (card) =>
          toast({
            title: card.added ? 'Added to your review' : 'Already in your review',
            description: 'It comes back on schedule with your other cards.',
          }),
        onError: (error) =>
          toast({
            title: 'Not added to your review',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <MomentLink
        videoId={videoId}
        seconds={from}
        label={rewatch}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'font-sans text-sm text-foreground hover:no-underline',
        )}
      >
        <RotateCcw aria-hidden />
        {rewatch}
      </MomentLink>
      <Button variant="outline" size="sm" disabled={inReview || review.isPending} onClick={addToReview}>
        {inReview ? <Check aria-hidden /> : <BookmarkPlus aria-hidden />}
        {inReview ? 'In your review' : 'Review this'}
      </Button>
    </div>
  );
}
