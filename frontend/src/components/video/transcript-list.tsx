import type { Highlight, TranscriptSegment } from '@lectern/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState } from 'react';
import { followScroll, isScrollKey } from '@/components/video/follow';
import { TranscriptRow } from '@/components/video/transcript-row';
import { readSegmentSelection, type SegmentSelection } from '@/lib/selection';

/** Spec section 9: the transcript list scrolls at 500 px. */
export const TRANSCRIPT_MAX_HEIGHT_PX = 500;
const ESTIMATED_ROW_PX = 44;
// How long a row opened from a cited moment stays marked.
const FLASH_MS = 2_000;

/** A segment to scroll to and flash, once per nonce. */
export interface TranscriptFocus {
  segmentIndex: number;
  nonce: number;
}

export interface TranscriptListProps {
  segments: readonly TranscriptSegment[];
  offsets: readonly number[];
  /** Indices of the segments to show, in order. */
  indices: readonly number[];
  highlightsBySegment: ReadonlyMap<number, Highlight[]>;
  showTimestamps: boolean;
  searchActive: boolean;
  videoId: string;
  focus: TranscriptFocus | null;
  /** The segment the video is at, marked; null before the player is ready. */
  currentSegment: number | null;
  /** Keep the current segment in view as the video plays. */
  follow: boolean;
  /** The user scrolled or pressed in the list themselves: following pauses. */
  onUserScroll: () => void;
  onSelect: (selection: SegmentSelection | null) => void;
  onDeleteHighlight: (highlight: Highlight) => void;
}

/**
 * Memoised: a keystroke in the search box first re-renders the panel with the old (deferred) query, and the
 * list must not redo its virtual rows for that; it renders once the deferred query and its indices arrive.
 */
export const TranscriptList = memo(function TranscriptList({
  segments,
  offsets,
  indices,
  highlightsBySegment,
  showTimestamps,
  searchActive,
  videoId,
  focus,
  currentSegment,
  follow,
  onUserScroll,
  onSelect,
  onDeleteHighlight,
}: TranscriptListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: indices.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
    // Rows paint on the very first render, before the box has been measured.
    initialRect: { width: 0, height: TRANSCRIPT_MAX_HEIGHT_PX },
    getItemKey: (i) => indices[i] ?? i,
  });

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [indices, virtualizer]);

  // After the effect above: a cited moment opened with a new search result list still wins.
  const [flashing, setFlashing] = useState<number | null>(null);
  const appliedNonce = useRef(0);
  useEffect(() => {
    if (!focus || focus.nonce === appliedNonce.current) return;
    const position = indices.indexOf(focus.segmentIndex);
    if (position < 0) return;
    appliedNonce.current = focus.nonce;
    scrollRef.current?.scrollIntoView({ block: 'nearest' });
    virtualizer.scrollToIndex(position, { align: 'center' });
    setFlashing(focus.segmentIndex);
  }, [focus, indices, virtualizer]);
  useEffect(() => {
    if (flashing === null) return;
    const timer = setTimeout(() => setFlashing(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashing, focus]);

  // Following: the current segment stays in the upper part of the box (virtualized rows: scrolled by index).
  useEffect(() => {
    if (!follow || currentSegment === null) return;
    const position =
      indices[currentSegment] === currentSegment ? currentSegment : indices.indexOf(currentSegment);
    const row = position < 0 ? undefined : virtualizer.measurementsCache[position];
    if (!row) return;
    const view = { offset: virtualizer.scrollOffset ?? 0, height: virtualizer.scrollRect?.height ?? 0 };
    const align = followScroll(row, view);
    if (align) virtualizer.scrollToIndex(position, { align });
  }, [follow, currentSegment, indices, virtualizer]);

  const readSelection = () => {
    const root = scrollRef.current;
    if (root) onSelect(readSegmentSelection(window.getSelection(), root));
  };

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      aria-label="Transcript"
      className="overflow-y-auto overscroll-contain rounded-md border focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      style={{
        height: Math.min(TRANSCRIPT_MAX_HEIGHT_PX, virtualizer.getTotalSize() + 2),
        contain: 'strict',
      }}
      onMouseUp={readSelection}
      onKeyUp={readSelection}
      onTouchEnd={readSelection}
      onWheel={onUserScroll}
      onTouchMove={onUserScroll}
      onMouseDown={(event) => {
        // On the scroll bar: the box itself, not a row.
        if (event.target === event.currentTarget) onUserScroll();
      }}
      onKeyDown={(event) => {
        if (isScrollKey(event.key)) onUserScroll();
      }}
    >
      <div role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const segmentIndex = indices[item.index] ?? 0;
          const segment = segments[segmentIndex];
          if (!segment) return null;
          return (
            <TranscriptRow
              key={item.key}
              ref={virtualizer.measureElement}
              virtualIndex={item.index}
              start={item.start}
              segmentIndex={segmentIndex}
              segment={segment}
              offset={offsets[segmentIndex] ?? 0}
              highlights={highlightsBySegment.get(segmentIndex)}
              showTimestamps={showTimestamps}
              searchActive={searchActive}
              videoId={videoId}
              flashing={flashing === segmentIndex}
              current={currentSegment === segmentIndex}
              onDeleteHighlight={onDeleteHighlight}
            />
          );
        })}
      </div>
    </div>
  );
});
