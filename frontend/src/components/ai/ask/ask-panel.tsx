import { MAX_QUESTION_LENGTH } from '@lectern/contracts';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AskSubject } from '@/api/questions';
import { errorMessage } from '@/api/http';
import { CitedAnswer } from '@/components/ai/ask/cited-answer';
import { AnswerInProgress, QuestionItem, type RenderAnswer } from '@/components/ai/ask/question-item';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAskQuestion, useDeleteQuestion, useQuestions } from '@/hooks/use-questions';
import { useUsage } from '@/hooks/use-usage';
import { toast } from '@/hooks/use-toast';

/** Ask the video: a question box and the video's thread of answered questions, newest last. */
export function AskPanel({ videoId, isPro }: { videoId: string; isPro: boolean }) {
  return (
    <QuestionThread
      subject={{ videoId }}
      isPro={isPro}
      invitation="Ask anything about this video. Answers quote the transcript and link to the moments they rest on."
      renderAnswer={(text) => <CitedAnswer videoId={videoId} text={text} />}
    />
  );
}

export interface QuestionThreadProps {
  subject: AskSubject;
  isPro: boolean;
  /** What an empty thread says. */
  invitation: string;
  /** An answer's text, stored or still being written, with its cited moments as links. */
  renderAnswer: RenderAnswer;
}

/** A question box and the subject's thread of answered questions, newest last: a video's or a course's. */
export function QuestionThread({ subject, isPro, invitation, renderAnswer }: QuestionThreadProps) {
  const thread = useQuestions(subject);
  const ask = useAskQuestion(subject);
  const remove = useDeleteQuestion(subject);
  const usage = useUsage();
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const questionId = useId();
  const problemId = useId();
  const counter = usage.data?.aiQuestions;
  const left = !isPro && counter && counter.limit !== null ? Math.max(0, counter.limit - counter.used) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (text === '') {
      setProblem('Please type a question.');
      return;
    }
    setProblem(null);
    ask.mutate(text, {
      onSuccess: () => setQuestion(''),
      onError: (error) =>
        setProblem(errorMessage(error, 'The question could not be answered. Please try again.')),
    });
  };

  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Question deleted' }),
      onError: (error) =>
        toast({ title: 'Delete failed', description: errorMessage(error, ''), variant: 'destructive' }),
    });

  const items = thread.data ?? [];
  return (
    <div className="space-y-4">
      {thread.isPending ? <p className="text-sm text-muted-foreground">Loading questions...</p> : null}
      {thread.isError ? (
        <p className="text-sm text-destructive dark:text-red-400">
          {errorMessage(thread.error, 'The questions could not be loaded.')}
        </p>
      ) : null}
      {items.length > 0 || ask.isPending ? (
        <ol className="space-y-3" aria-label="Questions and answers">
          {items.map((item) => (
            <QuestionItem
              key={item.id}
              item={item}
              renderAnswer={renderAnswer}
              deleting={remove.isPending && remove.variables === item.id}
              onDelete={() => onDelete(item.id)}
            />
          ))}
          {ask.isPending ? (
            <AnswerInProgress question={ask.variables} text={ask.streamedText} renderAnswer={renderAnswer} />
          ) : null}
        </ol>
      ) : thread.isSuccess ? (
        <p className="text-sm text-muted-foreground">{invitation}</p>
      ) : null}
      <form className="grid gap-2" onSubmit={onSubmit} noValidate>
        <Label htmlFor={questionId}>Your question</Label>
        <Textarea
          id={questionId}
          className="min-h-16"
          value={question}
          maxLength={MAX_QUESTION_LENGTH}
          placeholder="What does the lecture say about..."
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-destructive dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {left !== null ? `${left} of ${counter?.limit ?? 0} questions left this month` : null}
          </p>
          <Button type="submit" size="sm" disabled={ask.isPending}>
            <Send aria-hidden />
            {ask.isPending ? 'Answering...' : 'Ask'}
          </Button>
        </div>
      </form>
    </div>
  );
}
