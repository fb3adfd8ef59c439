import {
  EXPORT_FORMATS,
  isFreeExport,
  isStudyMaterialExport,
  nothingToExport,
  parseFlashcards,
  parseQuiz,
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
  gift: 'Quiz for Moodle (GIFT)',
  moodle: 'Quiz for Moodle (XML)',
};

/** The video's newest item of a feature: after a regeneration the cache holds the older one too, before it. */
function newest(items: readonly AiContentItem[] | undefined, feature: 'flashcards' | 'quiz') {
  return items?.filter((item) => item.featureType === feature).at(-1);
}

/** Whether the video's newest flashcards hold a card and its newest quiz a question. */
export function studyMaterial(items: readonly AiContentItem[] | undefined) {
  const flashcards = newest(items, 'flashcards');
  const quiz = newest(items, 'quiz');
  return {
    flashcards: flashcards !== undefined && parseFlashcards(flashcards.outputText).length > 0,
    quiz: quiz !== undefined && parseQuiz(quiz.outputText).length > 0,
  };
}

/** The menu's formats: everything but TXT and Markdown needs Pro, disabled with a Pro badge on the Free plan. */
export function ExportFormatItems<F extends ExportFormat>({
  formats,
  isPro,
  onSelect,
}: {
  formats: readonly F[];
  isPro: boolean;
  onSelect: (format: F) => void;
}) {
  return formats.map((format) => {
    const locked = !isFreeExport(format) && !isPro;
    return (
      <DropdownMenuItem key={format} disabled={locked} onSelect={() => onSelect(format)}>
        {EXPORT_LABELS[format]}
        {locked ? (
          <Badge variant="secondary" className="ml-auto">
            Pro
          </Badge>
        ) : null}
      </DropdownMenuItem>
    );
  });
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
  const material = studyMaterial(useAiContent(video.id).data);
  // Flashcard and quiz exports are offered only when there is something to put in them.
  const formats = EXPORT_FORMATS.filter(
    (format) => !isStudyMaterialExport(format) || nothingToExport(format, material) === null,
  );
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
        <ExportFormatItems formats={formats} isPro={isPro} onSelect={(format) => exporter.mutate(format)} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
