import type { Chapter } from '@lectern/contracts';
import { formatTimestamp } from '@lectern/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const WHOLE_VIDEO = 'all';

/**
 * Reads the transcript one chapter at a time: the whole video, or one of its chapters, with the chapter before
 * and after one click away.
 */
export function ChapterFilter({
  chapters,
  chapter,
  onChapter,
}: {
  chapters: readonly Chapter[];
  /** The chapter shown, by index; null for the whole video. */
  chapter: number | null;
  onChapter: (chapter: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id}>Chapter</Label>
      <Select
        value={chapter === null ? WHOLE_VIDEO : String(chapter)}
        onValueChange={(value) => onChapter(value === WHOLE_VIDEO ? null : Number(value))}
      >
        <SelectTrigger id={id} className="min-w-48 flex-1">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={WHOLE_VIDEO}>Whole video</SelectItem>
          {chapters.map((item, index) => (
            <SelectItem key={`${item.start}-${item.title}`} value={String(index)}>
              {`${formatTimestamp(item.start)} ${item.title}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {chapter === null ? null : (
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous chapter"
            disabled={chapter === 0}
            onClick={() => onChapter(chapter - 1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next chapter"
            disabled={chapter >= chapters.length - 1}
            onClick={() => onChapter(chapter + 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}
