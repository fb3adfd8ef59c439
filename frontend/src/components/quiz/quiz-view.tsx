import type { QuizQuestion } from '@lectern/contracts';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/api/http';
import { QuizAttempts } from '@/components/quiz/quiz-attempts';
import { QuizSettingsSwitch } from '@/components/quiz/quiz-settings-switch';
import { QuizTaker } from '@/components/quiz/quiz-taker';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useQuiz, useQuizAttempts } from '@/hooks/use-quiz';

function describeQuestions(questions: readonly QuizQuestion[]): string {
  const choices = questions.filter((question) => question.kind === 'choice').length;
  const short = questions.length - choices;
  const parts = [
    choices > 0 ? `${choices} multiple choice` : null,
    short > 0 ? `${short} short answer` : null,
  ].filter((part) => part !== null);
  return `${questions.length} ${questions.length === 1 ? 'question' : 'questions'}: ${parts.join(', ')}.`;
}

/** A video's quiz (the stored item `itemId`): what it holds, "Take the quiz", the attempts so far. */
export function QuizView({ videoId, itemId }: { videoId: string; itemId: string }) {
  const quiz = useQuiz(videoId, itemId);
  const attempts = useQuizAttempts(videoId);
  const [taking, setTaking] = useState(false);

  if (quiz.isPending) return <Skeleton className="h-24" aria-label="Loading the quiz" />;
  if (quiz.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(quiz.error, 'The quiz could not be loaded. Please refresh the page.')}
      </p>
    );
  if (taking) return <QuizTaker quiz={quiz.data} onClose={() => setTaking(false)} />;

  const questions = quiz.data.questions;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {questions.length === 0
          ? 'This quiz has no question Lectern could read. Regenerate it.'
          : `${describeQuestions(questions)} Each comes from a moment of the lecture.`}
      </p>
      <Button disabled={questions.length === 0} onClick={() => setTaking(true)}>
        <ListChecks aria-hidden />
        Take the quiz
      </Button>
      <QuizSettingsSwitch />
      {attempts.data ? <QuizAttempts attempts={attempts.data} /> : null}
    </div>
  );
}
