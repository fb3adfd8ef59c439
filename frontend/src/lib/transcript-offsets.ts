import type { Highlight, TranscriptSegment } from '@lectern/contracts';

/**
 * `transcriptText` is the segments' texts joined by one space, and highlight offsets index into it.
 * A segment's offset is the sum of the previous segments' lengths plus one per separator.
 */
export function segmentOffsets(segments: readonly Pick<TranscriptSegment, 'text'>[]): number[] {
  const offsets = new Array<number>(segments.length);
  let next = 0;
  for (let i = 0; i < segments.length; i += 1) {
    offsets[i] = next;
    next += (segments[i]?.text.length ?? 0) + 1;
  }
  return offsets;
}

export interface HighlightRange {
  text: string;
  startIndex: number;
  endIndex: number;
}

/**
 * Maps a selection inside one segment (character positions within that segment's text, in either order)
 * to offsets of `transcriptText`. Whitespace at either end is dropped; a blank selection gives null.
 */
export function selectionToRange(
  segmentText: string,
  segmentOffset: number,
  selectionStart: number,
  selectionEnd: number,
): HighlightRange | null {
  let start = Math.max(0, Math.min(selectionStart, selectionEnd, segmentText.length));
  let end = Math.min(segmentText.length, Math.max(selectionStart, selectionEnd, 0));
  while (start < end && /\s/u.test(segmentText.charAt(start))) start += 1;
  while (end > start && /\s/u.test(segmentText.charAt(end - 1))) end -= 1;
  if (end <= start) return null;
  return {
    text: segmentText.slice(start, end),
    startIndex: segmentOffset + start,
    endIndex: segmentOffset + end,
  };
}

/** The index of the segment holding a `transcriptText` offset (a separator belongs to the segment before it). */
export function segmentIndexAt(offsets: readonly number[], index: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((offsets[mid] ?? 0) <= index) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Highlights grouped by every segment they touch. */
export function highlightsBySegment(
  highlights: readonly Highlight[],
  offsets: readonly number[],
): Map<number, Highlight[]> {
  const bySegment = new Map<number, Highlight[]>();
  if (offsets.length === 0) return bySegment;
  for (const highlight of highlights) {
    if (highlight.endIndex <= highlight.startIndex) continue;
    const first = segmentIndexAt(offsets, highlight.startIndex);
    const last = segmentIndexAt(offsets, highlight.endIndex - 1);
    for (let i = first; i <= last; i += 1) {
      const list = bySegment.get(i);
      if (list) list.push(highlight);
      else bySegment.set(i, [highlight]);
    }
  }
  return bySegment;
}

export interface TextPiece {
  text: string;
  highlight?: Highlight;
}

/** Splits a segment's text into plain and highlighted pieces (overlaps: the earlier highlight wins). */
export function splitByHighlights(
  text: string,
  segmentOffset: number,
  highlights: readonly Highlight[],
): TextPiece[] {
  const ranges = highlights
    .map((highlight) => ({
      highlight,
      start: Math.max(0, highlight.startIndex - segmentOffset),
      end: Math.min(text.length, highlight.endIndex - segmentOffset),
    }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start);
  const pieces: TextPiece[] = [];
  let cursor = 0;
  for (const range of ranges) {
    const start = Math.max(range.start, cursor);
    if (range.end <= start) continue;
    if (start > cursor) pieces.push({ text: text.slice(cursor, start) });
    pieces.push({ text: text.slice(start, range.end), highlight: range.highlight });
    cursor = range.end;
  }
  if (cursor < text.length || pieces.length === 0) pieces.push({ text: text.slice(cursor) });
  return pieces;
}
