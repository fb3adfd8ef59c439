import {
  markQuizAnswers,
  QUIZ_OPTION_COUNT,
  type Quiz,
  type QuizGivenAnswer,
  type QuizQuestion,
} from '@lectern/contracts';
import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '@/api/http';
import { QuestionFeedback, WrongAnswerActions } from '@/components/quiz/question-feedback';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitQuizAttempt } from '@/hooks/use-quiz';
import { cn } from '@/lib/utils';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** Whether this one answer to this question is right (a choice by its option, a short answer by its mark). */
function isRight(question: QuizQuestion, answer: QuizGivenAnswer): boolean {
  const marked = markQuizAnswers([question], { [question.id]: answer });
  return 'results' in marked && marked.results[0]?.correct === true;
}

function isTextEntry(target: EventTarget): boolean {
  return target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A control of its own (Rewatch, Review this, a mark) keeps Enter; the options and the question pass it on. */
function keepsEnter(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('button:not([data-quiz-option]),a') !== null &&
    !target.hasAttribute('data-quiz-next')
  );
}

/**
 * Takes a quiz one question at a time, keyboard first: `1`–`4` choose an option and Enter checks it; a short
 * answer is typed, Enter shows the model answer, and the student marks it right (`1`) or wrong (`2`). The
 * explanation follows every answer (a wrong one offers the moment to rewatch and a card for review); Enter goes
 * on. After the last question the score shows and the attempt is stored.
 */
export function QuizTaker({ quiz, onClose }: { quiz: Quiz; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, QuizGivenAnswer>>({});
  const [chosen, setChosen] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [revealed, setRevealed] = useState(false);
  const submit = useSubmitQuizAttempt(quiz.videoId);
  const question = quiz.questions[index];
  const given = question ? answers[question.id] : undefined;
  const finished = index >= quiz.questions.length;

  const questionRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const scoreRef = useRef<HTMLHeadingElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const textId = useId();

  // Focus follows the quiz: the question when it shows, its explanation once answered, the score at the end.
  useEffect(() => {
    if (finished) scoreRef.current?.focus();
    else if (given || revealed) feedbackRef.current?.focus();
    else if (question?.kind === 'choice') questionRef.current?.focus();
    else textRef.current?.focus();
  }, [finished, given, revealed, question]);

  const save = (all: Record<string, QuizGivenAnswer>) => submit.mutate({ quizId: quiz.id, answers: all });

  const answer = (given: QuizGivenAnswer) => {
    if (!question) return;
    setAnswers((all) => ({ ...all, [question.id]: given }));
  };

  const goOn = () => {
    if (!question || !given) return;
    setChosen(null);
    setTyped('');
    setRevealed(false);
    setIndex((at) => at + 1);
    if (index + 1 >= quiz.questions.length) save(answers);
  };

  const check = () => {
    if (!question || given) return;
    if (question.kind === 'choice') {
      if (chosen !== null) answer({ choice: chosen });
    } else setRevealed(true);
  };

  const mark = (right: boolean) => {
    if (question?.kind !== 'short' || !revealed || given) return;
    const text = typed.trim();
    answer({ mark: right ? 'right' : 'wrong', ...(text === '' ? {} : { text }) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !question) return;
    if (event.key === 'Enter') {
      if (event.shiftKey || keepsEnter(event.target)) return;
      event.preventDefault();
      if (given) goOn();
      else check();
      return;
    }
    if (isTextEntry(event.target)) return;
    const digit = Number(event.key);
    if (!Number.isInteger(digit) || digit < 1 || digit > QUIZ_OPTION_COUNT || given) return;
    if (question.kind === 'choice') {
      event.preventDefault();
      setChosen(digit - 1);
    } else if (revealed && digit <= 2) {
      event.preventDefault();
      mark(digit === 1);
    }
  };

  if (finished) {
    const marked = markQuizAnswers(quiz.questions, answers);
    const results = 'results' in marked ? marked.results : [];
    const score = submit.data?.score ?? results.filter((result) => result.correct).length;
    return (
      <section aria-label="Quiz score" className="space-y-4">
        <h3 ref={scoreRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          You scored {score} of {quiz.questions.length}
        </h3>
        <ol className="grid gap-2 text-sm" aria-label="Your answers">
          {quiz.questions.map((q, at) => {
            const right = results[at]?.correct === true;
            return (
              <li key={q.id} className="space-y-2">
                <p className="flex items-start gap-2">
                  {right ? (
                    <Check
                      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                      aria-hidden
                    />
                  ) : (
                    <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                  )}
                  <span>
                    <span className="sr-only">{right ? 'Right: ' : 'Wrong: '}</span>
                    {at + 1}. {q.prompt}
                  </span>
                </p>
                {right ? null : (
                  <WrongAnswerActions quizId={quiz.id} videoId={quiz.videoId} question={q} className="pl-6" />
                )}
              </li>
            );
          })}
        </ol>
        <p role="status" className="text-sm text-muted-foreground">
          {submit.isPending ? 'Saving your attempt…' : submit.isSuccess ? 'Saved with your attempts.' : ''}
        </p>
        {submit.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            {errorMessage(submit.error, 'Your attempt could not be saved.')}
            <Button variant="outline" size="sm" onClick={() => save(answers)}>
              Try again
            </Button>
          </div>
        ) : null}
        <Button onClick={onClose} disabled={submit.isPending}>
          Done
        </Button>
      </section>
    );
  }
  if (!question) return null;

  const right = given ? isRight(question, given) : null;
  return (
    <section aria-label="Quiz" onKeyDown={onKeyDown} className="space-y-4">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          Question {index + 1} of {quiz.questions.length}
        </span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Leave the quiz
        </Button>
      </div>
      <div
        key={question.id}
        ref={questionRef}
        tabIndex={question.kind === 'choice' ? 0 : -1}
        role="group"
        aria-label={`Question ${index + 1}`}
        className="space-y-3 rounded-lg border bg-card p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <p className="font-medium">{question.prompt}</p>
        {question.kind === 'choice' ? (
          <ChoiceOptions
            question={question}
            chosen={given?.choice ?? chosen}
            checked={given !== undefined}
            onChoose={(option) => {
              if (!given) setChosen(option);
            }}
          />
        ) : (
          <div className="grid gap-2">
            <label htmlFor={textId} className="text-sm font-medium">
              Your answer
            </label>
            <Textarea
              ref={textRef}
              id={textId}
              value={typed}
              readOnly={revealed}
              onChange={(event) => setTyped(event.target.value)}
              className="min-h-20"
            />
          </div>
        )}
      </div>
      {given || revealed ? (
        <QuestionFeedback
          ref={feedbackRef}
          quizId={quiz.id}
          videoId={quiz.videoId}
          question={question}
          right={right}
          onMark={mark}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {question.kind === 'choice'
            ? '1 to 4 choose an answer; Enter checks it, then goes on.'
            : revealed && !given
              ? '1 marks your answer right, 2 wrong.'
              : 'Type your answer; Enter shows the model answer, then goes on.'}
        </p>
        {given ? (
          <Button data-quiz-next aria-keyshortcuts="Enter" onClick={goOn}>
            {index + 1 < quiz.questions.length ? 'Next question' : 'See your score'}
          </Button>
        ) : question.kind === 'choice' || !revealed ? (
          <Button
            aria-keyshortcuts="Enter"
            disabled={question.kind === 'choice' && chosen === null}
            onClick={check}
          >
            {question.kind === 'choice' ? 'Check' : 'Show the model answer'}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function ChoiceOptions({
  question,
  chosen,
  checked,
  onChoose,
}: {
  question: QuizQuestion;
  chosen: number | null;
  checked: boolean;
  onChoose: (option: number) => void;
}) {
  const options = question.options ?? [];
  const rightAt = options.findIndex((_, at) => isRight(question, { choice: at }));
  return (
    <ul className="grid gap-2" aria-label="Options">
      {options.map((option, at) => {
        const isChosen = chosen === at;
        const isAnswer = checked && at === rightAt;
        const isWrongChoice = checked && isChosen && at !== rightAt;
        return (
          <li key={at}>
            <button
              type="button"
              data-quiz-option
              aria-pressed={isChosen}
              aria-keyshortcuts={String(at + 1)}
              disabled={checked}
              onClick={() => onChoose(at)}
              className={cn(
                'flex w-full items-start gap-3 rounded-md border px-3 py-2 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-default',
                isChosen && !checked && 'border-primary bg-accent',
                isAnswer && 'border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950',
                isWrongChoice && 'border-destructive bg-destructive/10',
              )}
            >
              <kbd className="rounded border px-1.5 font-mono text-xs">{at + 1}</kbd>
              <span className="flex-1">
                <span className="sr-only">{LETTERS[at]}. </span>
                {option}
              </span>
              {isAnswer ? <span className="text-xs font-medium">Right answer</span> : null}
              {isWrongChoice ? <span className="text-xs font-medium">Your answer</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
