import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterSegmentIndices, summarizeSearch } from '@/lib/transcript-search';

const index = buildSearchIndex([
  { text: 'Photosynthesis in plants' },
  { text: 'The LIGHT reactions' },
  { text: 'Dark reactions' },
]);

describe('transcript search', () => {
  it('filters by case-insensitive substring', () => {
    expect(filterSegmentIndices(index, 'REACTION')).toEqual([1, 2]);
    expect(filterSegmentIndices(index, 'light rea')).toEqual([1]);
    expect(filterSegmentIndices(index, 'chlorophyll')).toEqual([]);
  });

  it('keeps every segment for a blank query', () => {
    expect(filterSegmentIndices(index, '')).toEqual([0, 1, 2]);
    expect(filterSegmentIndices(index, '   ')).toEqual([0, 1, 2]);
  });

  it('shows Clear only when results are fewer than all but not zero', () => {
    expect(summarizeSearch('react', 2, 3)).toEqual({ showCount: true, showClear: true, noResults: false });
    expect(summarizeSearch('s', 3, 3)).toEqual({ showCount: true, showClear: false, noResults: false });
    expect(summarizeSearch('zzz', 0, 3)).toEqual({ showCount: true, showClear: false, noResults: true });
    expect(summarizeSearch('', 3, 3)).toEqual({ showCount: false, showClear: false, noResults: false });
  });

  // How fast, keystroke to paint in Chromium, is an `npm run bench` figure ("web app: the 10-hour video page").
  it('finds every match in a 10-hour transcript, in order', () => {
    const big = buildSearchIndex(
      Array.from({ length: 12_000 }, (_, i) => ({ text: `segment number ${i} about topic ${i % 97}` })),
    );
    const expected = Array.from({ length: 12_000 }, (_, i) => i).filter((i) => i % 97 === 42);
    expect(expected).toHaveLength(124);
    expect(filterSegmentIndices(big, 'TOPIC 42')).toEqual(expected);
  });
});
