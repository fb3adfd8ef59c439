import {
  EXPORT_FORMATS,
  isFlashcardExport,
  isFreeExport,
  parseFlashcards,
  type AiContentItem,
  type ExportFormat,
  type VideoSummary,
} from '@lectern/contracts';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAiContent } from '@/hooks/use-ai-content';
import { useExport } from '@/hooks/use-export';
import { cn } from '@/lib/utils';

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  txt: 'TXT',
  md: 'Markdown (.md)',
  pdf: 'PDF',
  docx: 'DOCX',
  apkg: 'Anki deck (.apkg)',
  csv: 'Flashcards (CSV)',
};

/** Whether the video's newest flashcards hold a card: only then are the flashcard exports offered. */
export function hasFlashcards(items: readonly AiContentItem[] | undefined): boolean {
  // After a regeneration the cache holds the older item too: the newest comes last.
  const stored = items?.filter((item) => item.featureType === 'flashcards').at(-1);
  return stored !== undefined && parseFlashcards(stored.outputText).length > 0;
}

export function ExportMenu({
  video,
  isPro,
  floating = false,
}: {
  video: Pick<VideoSummary, 'id' | 'title'>;
  isPro: boolean;
  floating?: boolean;
}) {
  const exporter = useExport(video);
  const flashcards = hasFlashcards(useAiContent(video.id).data);
  const formats = EXPORT_FORMATS.filter((format) => flashcards || !isFlashcardExport(format));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {floating ? (
          <Button
            size="icon"
            aria-label="Export transcript"
            className={cn('fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg lg:hidden')}
            disabled={exporter.isPending}
          >
            <Download className="size-6" aria-hidden />
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={exporter.isPending}>
            <Download aria-hidden />
            Export
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {formats.map((format) => {
          // Everything but TXT and Markdown needs Pro: disabled with a Pro badge on the Free plan.
          const locked = !isFreeExport(format) && !isPro;
          return (
            <DropdownMenuItem key={format} disabled={locked} onSelect={() => exporter.mutate(format)}>
              {EXPORT_LABELS[format]}
              {locked ? (
                <Badge variant="secondary" className="ml-auto">
                  Pro
                </Badge>
              ) : null}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
