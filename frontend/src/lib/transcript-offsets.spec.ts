import type { Highlight } from '@lectern/contracts';
import { describe, expect, it } from 'vitest';
import {
  highlightsBySegment,
  segmentIndexAt,
  segmentOffsets,
  selectionToRange,
  splitByHighlights,
} from '@/lib/transcript-offsets';

const segments = [{ text: 'Hello world' }, { text: ' padded text ' }, { text: 'Last one.' }];
const transcriptText = segments.map((s) => s.text).join(' ');

function highlight(startIndex: number, endIndex: number, color: Highlight['color'] = 'yellow'): Highlight {
  return {
    id: `${startIndex}-${endIndex}`,
    videoId: 'v',
    text: transcriptText.slice(startIndex, endIndex),
    startIndex,
    endIndex,
    color,
  };
}

describe('segment offsets', () => {
  it('adds one separator per previous segment', () => {
    expect(segmentOffsets(segments)).toEqual([0, 12, 26]);
    expect(segmentOffsets([])).toEqual([]);
  });

  it('maps a selection inside a segment onto transcriptText', () => {
    const offsets = segmentOffsets(segments);
    const range = selectionToRange('Last one.', offsets[2] ?? 0, 5, 8);
    expect(range).toEqual({ text: 'one', startIndex: 31, endIndex: 34 });
    expect(transcriptText.slice(range?.startIndex, range?.endIndex)).toBe('one');
  });

  it('trims whitespace, accepts a backwards selection and refuses a blank one', () => {
    const offsets = segmentOffsets(segments);
    const range = selectionToRange(' padded text ', offsets[1] ?? 0, 13, 0);
    expect(range).toEqual({ text: 'padded text', startIndex: 13, endIndex: 24 });
    expect(transcriptText.slice(13, 24)).toBe('padded text');
    expect(selectionToRange(' padded text ', 12, 7, 8)).toBeNull();
    expect(selectionToRange('abc', 0, 2, 2)).toBeNull();
  });

  it('clamps a selection to the segment', () => {
    expect(selectionToRange('abc', 10, -3, 99)).toEqual({ text: 'abc', startIndex: 10, endIndex: 13 });
  });

  it('finds the segment of an offset, separators belonging to the segment before', () => {
    const offsets = segmentOffsets(segments);
    expect(segmentIndexAt(offsets, 0)).toBe(0);
    expect(segmentIndexAt(offsets, 11)).toBe(0);
    expect(segmentIndexAt(offsets, 12)).toBe(1);
    expect(segmentIndexAt(offsets, 30)).toBe(2);
    expect(segmentIndexAt(offsets, 999)).toBe(2);
  });

  it('groups highlights by every segment they touch', () => {
    const offsets = segmentOffsets(segments);
    const across = highlight(6, 20);
    const last = highlight(26, 30, 'green');
    const grouped = highlightsBySegment([across, last], offsets);
    expect(grouped.get(0)).toEqual([across]);
    expect(grouped.get(1)).toEqual([across]);
    expect(grouped.get(2)).toEqual([last]);
  });

  it('splits a segment into plain and highlighted pieces', () => {
    const pieces = splitByHighlights('Hello world', 0, [highlight(6, 11, 'blue')]);
    expect(pieces.map((p) => [p.text, p.highlight?.color])).toEqual([
      ['Hello ', undefined],
      ['world', 'blue'],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe('Hello world');
    const clipped = splitByHighlights('Last one.', 26, [highlight(20, 30), highlight(28, 35, 'green')]);
    expect(clipped.map((p) => [p.text, p.highlight?.color])).toEqual([
      ['Last', 'yellow'],
      [' one.', 'green'],
    ]);
  });
});
