import type { AiQuestion } from '@lectern/contracts';
import { Trash2 } from 'lucide-react';
import { CitedAnswer } from '@/components/ai/ask/cited-answer';
import { Button } from '@/components/ui/button';

/** One question of the thread and its answer, with its cited moments and a way to delete it. */
export function QuestionItem({
  item,
  deleting,
  onSeek,
  onDelete,
}: {
  item: AiQuestion;
  deleting: boolean;
  onSeek: (seconds: number) => void;
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
      <CitedAnswer text={item.answer} onSeek={onSeek} />
      <p className="text-xs text-muted-foreground" title="The engine and model that answered">
        {item.engine} · {item.model}
      </p>
    </li>
  );
}
