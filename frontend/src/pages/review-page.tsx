import { ExamCountdowns } from '@/components/review/exam-countdowns';
import { ReviewSession } from '@/components/review/review-session';

export default function ReviewPage() {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Review</h1>
        <p className="mt-1 text-muted-foreground">
          The flashcards and quiz questions of your whole library that are due, scheduled by FSRS.
        </p>
      </div>
      <ReviewSession autoFocus />
      <ExamCountdowns />
    </div>
  );
}
