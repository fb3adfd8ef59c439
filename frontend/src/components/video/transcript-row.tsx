import { formatTimestamp, type Highlight, type TranscriptSegment } from '@lectern/contracts';
import { X } from 'lucide-react';
import { memo, useEffect, useRef, type Ref } from 'react';
import { HIGHLIGHT_STYLES, SEARCH_MATCH_ROW } from '@/components/video/highlight-colors';
import { MomentLink } from '@/components/video/player/moment-link';
import { usePlayerControls } from '@/components/video/player/player-context';
import { splitByHighlights } from '@/lib/transcript-offsets';
import { cn } from '@/lib/utils';

export interface TranscriptRowProps {
  ref?: Ref<HTMLDivElement>;
  virtualIndex: number;
  start: number;
  segmentIndex: number;
  segment: TranscriptSegment;
  offset: number;
  highlights: readonly Highlight[] | undefined;
  showTimestamps: boolean;
  searchActive: boolean;
  videoId: string;
  /** Shown for a moment after a cited moment was opened here. */
  flashing: boolean;
  /** The segment the video is at. */
  current: boolean;
  onDeleteHighlight: (highlight: Highlight) => void;
}

/** What a segment speech recognition was not confident of says of itself, to the eye and to screen readers. */
export const UNCLEAR_LABEL = 'unclear: speech recognition was not confident';

/** The mark before an unclear segment's words, which stay shown (outside them, so highlights keep their offsets). */
function UnclearMark() {
  return (
    <span
      className="shrink-0 self-center rounded border border-dashed border-muted-foreground/60 px-1 text-[10px] font-medium tracking-wide text-muted-foreground uppercase select-none"
      title="Speech recognition was not confident of these words"
    >
      <span aria-hidden>unclear</span>
      <span className="sr-only">{UNCLEAR_LABEL}</span>
    </span>
  );
}

/** How long after a click on the words a second click makes it a double-click (which selects, not seeks). */
const SINGLE_CLICK_MS = 300;

function preview(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export const TranscriptRow = memo(function TranscriptRow({
  ref,
  virtualIndex,
  start,
  segmentIndex,
  segment,
  offset,
  highlights,
  showTimestamps,
  searchActive,
  videoId,
  flashing,
  current,
  onDeleteHighlight,
}: TranscriptRowProps) {
  const { onPage, playable, seekTo } = usePlayerControls();
  const pendingSeek = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pendingSeek.current), []);
  const first = highlights?.[0];
  const timestamp = formatTimestamp(segment.start);
  const pieces = highlights ? splitByHighlights(segment.text, offset, highlights) : [{ text: segment.text }];
  return (
    <div
      ref={ref}
      role="listitem"
      data-index={virtualIndex}
      data-segment-index={segmentIndex}
      data-flash={flashing ? '' : undefined}
      aria-current={current ? 'true' : undefined}
      className="absolute top-0 left-0 w-full pb-1"
      style={{ transform: `translateY(${start}px)` }}
    >
      {/* A click on the words plays from this segment, as on YouTube; a drag selects them for a highlight. */}
      <div
        onClick={(event) => {
          clearTimeout(pendingSeek.current);
          if (!onPage || event.detail !== 1) return;
          if (event.target instanceof Element && event.target.closest('a,button')) return;
          // A double-click selects a word to highlight: wait to see the click was a single one.
          pendingSeek.current = setTimeout(() => {
            if (window.getSelection()?.isCollapsed ?? true)
              seekTo(segment.start, { play: true, reveal: false });
          }, SINGLE_CLICK_MS);
        }}
        className={cn(
          'group/row flex items-baseline gap-3 rounded-md border-l-2 border-transparent px-2 py-1.5',
          onPage && 'cursor-pointer',
          first ? HIGHLIGHT_STYLES[first.color].row : searchActive && SEARCH_MATCH_ROW,
          current && 'border-primary bg-muted/60 dark:bg-muted/40',
          flashing && 'bg-primary/10 ring-2 ring-primary motion-safe:animate-pulse',
        )}
      >
        {showTimestamps && !playable ? (
          // Without a player the row is already where its moment is: the time is only read.
          <span className="w-12 shrink-0 font-mono text-xs text-muted-foreground tabular-nums select-none">
            {timestamp}
          </span>
        ) : showTimestamps ? (
          <MomentLink
            videoId={videoId}
            seconds={segment.start}
            label={`Play from ${timestamp}`}
            reveal={false}
            className="w-12 shrink-0 text-left no-underline select-none hover:underline"
          >
            {timestamp}
          </MomentLink>
        ) : null}
        {segment.unclear ? <UnclearMark /> : null}
        <p
          data-segment-text=""
          className={cn(
            'flex-1 text-sm leading-relaxed',
            segment.unclear && 'text-muted-foreground italic underline decoration-dotted underline-offset-4',
          )}
        >
          {pieces.map((piece, i) =>
            piece.highlight ? (
              <mark key={i} className={cn('rounded-sm', HIGHLIGHT_STYLES[piece.highlight.color].mark)}>
                {piece.text}
              </mark>
            ) : (
              piece.text
            ),
          )}
        </p>
        {highlights?.map((highlight) => (
          <button
            key={highlight.id}
            type="button"
            aria-label={`Remove highlight "${preview(highlight.text)}"`}
            title="Remove highlight"
            onClick={() => onDeleteHighlight(highlight)}
            className="shrink-0 self-start rounded p-1 text-muted-foreground opacity-100 select-none hover:bg-background hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:opacity-0 md:group-hover/row:opacity-100"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        ))}
      </div>
    </div>
  );
});
