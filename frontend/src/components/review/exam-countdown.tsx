import { NEW_CARDS_PER_DAY, type ExamPace } from '@lectern/contracts';
import { CalendarClock } from 'lucide-react';
import { cn } from '@/lib/utils';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The exam's day as the student reads it (the date is a UTC calendar day). */
export function formatExamDay(day: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );
}

/**
 * How review stands before a video's (or a course's) exam: the days left, the cards left to see before it, and whether the pace
 * is enough (new cards come at most NEW_CARDS_PER_DAY a day).
 */
export function ExamCountdown({ pace, className }: { pace: Omit<ExamPace, 'videoId'>; className?: string }) {
  if (pace.examDate === null) return null;
  const examDay = pace.daysLeft <= 0;
  return (
    <div className={cn('space-y-1 text-sm', className)} role="status">
      <p className="flex items-center gap-2 font-semibold">
        <CalendarClock className="size-4" aria-hidden />
        {examDay
          ? `Exam day: ${formatExamDay(pace.examDate)}`
          : `${plural(pace.daysLeft, 'day', 'days')} left until the exam on ${formatExamDay(pace.examDate)}`}
      </p>
      {examDay ? null : pace.cardsLeft === 0 ? (
        <p className="text-muted-foreground">No cards left to see before the exam.</p>
      ) : (
        <>
          <p>
            {plural(pace.cardsLeft, 'card', 'cards')} left to see before the exam, about{' '}
            {plural(pace.cardsPerDay, 'card', 'cards')} a day.
          </p>
          <p className={pace.paceEnough ? 'text-muted-foreground' : 'font-medium text-destructive'}>
            {pace.paceEnough
              ? 'Your pace is enough: review each day and you will see every card before the exam.'
              : `Your pace is not enough: ${plural(pace.newCardsLeft, 'new card', 'new cards')} at ${NEW_CARDS_PER_DAY} a day need more days than are left.`}
          </p>
        </>
      )}
    </div>
  );
}
