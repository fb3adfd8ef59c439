import type { TranscriptSegment } from '@lectern/contracts';

/** Lower-cased segment texts, computed once per transcript so each keystroke only scans. */
export function buildSearchIndex(segments: readonly Pick<TranscriptSegment, 'text'>[]): string[] {
  return segments.map((segment) => segment.text.toLowerCase());
}

/** Indices of the segments containing the query (case-insensitive substring); a blank query keeps all. */
export function filterSegmentIndices(index: readonly string[], query: string): number[] {
  const needle = query.toLowerCase();
  const matches: number[] = [];
  if (needle.trim() === '') {
    for (let i = 0; i < index.length; i += 1) matches.push(i);
    return matches;
  }
  for (let i = 0; i < index.length; i += 1) {
    if (index[i]?.includes(needle)) matches.push(i);
  }
  return matches;
}

export interface SearchSummary {
  /** Whether the '{n} results' badge shows. */
  showCount: boolean;
  /** Clear shows when results are fewer than all segments but not zero. */
  showClear: boolean;
  noResults: boolean;
}

export function summarizeSearch(query: string, resultCount: number, total: number): SearchSummary {
  const active = query.trim() !== '';
  return {
    showCount: active,
    showClear: active && resultCount > 0 && resultCount < total,
    noResults: active && resultCount === 0,
  };
}
