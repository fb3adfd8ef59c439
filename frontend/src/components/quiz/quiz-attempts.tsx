import type { QuizAttempt } from '@lectern/contracts';
import { Progress } from '@/components/ui/progress';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The student's attempts at the video's quizzes, oldest first, each with its score: progress over attempts. */
export function QuizAttempts({ attempts }: { attempts: readonly QuizAttempt[] }) {
  if (attempts.length === 0) return null;
  const ordered = [...attempts].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return (
    <section aria-labelledby="quiz-attempts-title" className="space-y-2">
      <h3 id="quiz-attempts-title" className="text-sm font-semibold">
        Your attempts
      </h3>
      <ol className="grid gap-2" aria-label="Your attempts">
        {ordered.map((attempt, at) => {
          const label = `Attempt ${at + 1}: ${attempt.score} of ${attempt.total}`;
          return (
            <li key={attempt.id} className="grid grid-cols-[auto_1fr_auto] items-center gap-3 text-sm">
              <span className="text-muted-foreground">Attempt {at + 1}</span>
              <Progress
                value={attempt.total === 0 ? 0 : (attempt.score / attempt.total) * 100}
                aria-label={label}
              />
              <span className="tabular-nums">
                {attempt.score} / {attempt.total}
                <span className="sr-only">, {when.format(new Date(attempt.createdAt))}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
