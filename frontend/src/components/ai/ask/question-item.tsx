import {
  COURSE_NOT_COVERED_ANSWER,
  isOfflineMaterial,
  NOT_COVERED_ANSWER,
  type AiQuestion,
  type AnswerCitation,
} from '@lectern/contracts';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { OfflineMaterialNotice } from '@/components/ai/offline-material-notice';
import { Button } from '@/components/ui/button';

/** Shows an answer's text with its cited moments as links; `citations` is empty while the answer is written. */
export type RenderAnswer = (text: string, citations: readonly AnswerCitation[]) => ReactNode;

const DECLINES: readonly string[] = [NOT_COVERED_ANSWER, COURSE_NOT_COVERED_ANSWER];

/** One question of the thread and its answer, with its cited moments and a way to delete it. */
export function QuestionItem({
  item,
  renderAnswer,
  deleting,
  onDelete,
}: {
  item: AiQuestion;
  renderAnswer: RenderAnswer;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <li className="space-y-2 rounded-md border p-3" aria-label={`Question: ${item.question}`}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium">{item.question}</p>
        <Button
          variant="ghost"
          size="sm"
          className="-mt-1 -mr-1 shrink-0"
          aria-label={`Delete the question "${item.question}"`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {renderAnswer(item.answer, item.citations)}
      {/* A decline quotes nothing, so there are no passages to label. */}
      {isOfflineMaterial(item) && !DECLINES.includes(item.answer) ? <OfflineMaterialNotice /> : null}
      <p className="text-xs text-muted-foreground" title="The engine and model that answered">
        {item.engine} · {item.model}
      </p>
    </li>
  );
}

/**
 * The question being answered, its answer shown as it is written (the server has already dropped any moment that
 * was not in the transcript it sent, so each cited moment is safe to seek to while the rest is still coming).
 */
export function AnswerInProgress({
  question,
  text,
  renderAnswer,
}: {
  question: string;
  text: string;
  renderAnswer: RenderAnswer;
}) {
  return (
    <li
      className="space-y-2 rounded-md border border-dashed p-3"
      aria-label={`Question: ${question}`}
      aria-busy="true"
    >
      <p className="text-sm font-medium">{question}</p>
      {text === '' ? (
        <p className="text-sm text-muted-foreground">Finding the moments that answer it...</p>
      ) : (
        renderAnswer(text, [])
      )}
    </li>
  );
}
