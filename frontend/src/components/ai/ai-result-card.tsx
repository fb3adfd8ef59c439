import type { AiContentItem } from '@lectern/contracts';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { FEATURE_LABELS, SUMMARY_LENGTH_LABELS } from '@/components/ai/ai-features';
import { MarkdownView } from '@/components/ai/markdown-view';
import { OfflineMaterialNotice } from '@/components/ai/offline-material-notice';
import { QuizView } from '@/components/quiz/quiz-view';
import { FlashcardsView } from '@/components/review/flashcards-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useCopy } from '@/hooks/use-copy';
import { toast } from '@/hooks/use-toast';
import { isOfflineMaterial, parseFlashcards } from '@lectern/contracts';

export function AiResultCard({
  item,
  busy,
  onRegenerate,
}: {
  item: AiContentItem;
  busy: boolean;
  onRegenerate: () => void;
}) {
  const label = FEATURE_LABELS[item.featureType];
  const { copied, copy } = useCopy();
  const cards = useMemo(
    () => (item.featureType === 'flashcards' ? parseFlashcards(item.outputText) : []),
    [item.featureType, item.outputText],
  );

  const onCopy = async () => {
    if (await copy(item.outputText)) toast({ title: 'Copied!' });
  };

  return (
    <Card className="gap-4 py-4" aria-label={`${label} result`} role="region">
      <CardHeader className="px-4">
        <CardTitle className="text-base">
          {label}
          {item.summaryLength ? (
            <span className="ml-2 text-xs font-normal text-muted-foreground">
              {SUMMARY_LENGTH_LABELS[item.summaryLength]}
            </span>
          ) : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-4">
        {isOfflineMaterial(item) ? <OfflineMaterialNotice /> : null}
        {item.featureType === 'quiz' ? (
          <QuizView videoId={item.videoId} itemId={item.id} />
        ) : cards.length > 0 ? (
          <FlashcardsView videoId={item.videoId} contentId={item.id} cards={cards} />
        ) : (
          <MarkdownView text={item.outputText} videoId={item.videoId} />
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2 px-4">
        <p className="text-xs text-muted-foreground" title="The engine and model that wrote this">
          {item.engine} · {item.model}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Regenerate ${label}`}
            disabled={busy}
            onClick={onRegenerate}
          >
            <RefreshCw aria-hidden />
            Regenerate
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`${copied ? 'Copied' : 'Copy'} ${label}`}
            onClick={() => void onCopy()}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}
