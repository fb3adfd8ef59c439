import { currentChapterIndex, formatTimestamp, type Chapter } from '@lectern/contracts';
import { cn } from '@/lib/utils';

/**
 * A video's chapters, each a button that seeks to its start; the chapter playing at `currentTime` is marked
 * (for assistive technology too, as the current step of the list).
 */
export function ChapterList({
  chapters,
  currentTime,
  onSeek,
}: {
  chapters: readonly Chapter[];
  currentTime: number;
  onSeek: (seconds: number) => void;
}) {
  const current = currentChapterIndex(chapters, currentTime);
  return (
    <ol className="grid gap-1" aria-label="Chapters">
      {chapters.map((chapter, index) => {
        const isCurrent = index === current;
        return (
          <li key={`${chapter.start}-${chapter.title}`}>
            <button
              type="button"
              aria-current={isCurrent ? 'step' : undefined}
              onClick={() => onSeek(chapter.start)}
              className={cn(
                'group flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                isCurrent && 'bg-primary/10 font-semibold',
              )}
            >
              {/* On the marked or hovered row's tint the primary colour loses contrast in the dark theme. */}
              <span
                className={cn(
                  'shrink-0 font-mono text-xs tabular-nums',
                  isCurrent ? 'text-foreground' : 'text-primary group-hover:text-foreground',
                )}
              >
                {formatTimestamp(chapter.start)}
              </span>
              <span className="min-w-0 break-words">{chapter.title}</span>
              {isCurrent ? <span className="sr-only">(current chapter)</span> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
