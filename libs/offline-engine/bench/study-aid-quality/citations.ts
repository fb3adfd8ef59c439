import {
  TIMESTAMP_PATTERN,
  formatTimestamp,
  parseTimestamp,
  type TranscriptSegment,
} from '@lectern/contracts';

export interface CitationFigures {
  cited: number;
  /** Cited moments that are the start of a transcript line. */
  existing: number;
  /** The cited moments that are not, as written. */
  missing: string[];
}

const CITATION = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]|\((${TIMESTAMP_PATTERN})\)`, 'gu');

/** The moments a text cites, as written: `[m:ss]`, `[h:mm:ss]`, `(m:ss)` or `(h:mm:ss)`. */
export function citedMoments(markdown: string): string[] {
  return [...markdown.matchAll(CITATION)].map((match) => match[1] ?? match[2] ?? '');
}

/** The text without its cited moments, so that a citation never counts as a word. */
export function withoutCitations(text: string): string {
  return text
    .replace(CITATION, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
}

/** A moment exists when it is the start of a transcript line, in whole seconds as Lectern writes moments. */
export function judgeCitations(markdown: string, segments: readonly TranscriptSegment[]): CitationFigures {
  const starts = new Set(segments.map((segment) => formatTimestamp(segment.start)));
  const cited = citedMoments(markdown);
  const missing = cited.filter((moment) => {
    const seconds = parseTimestamp(moment);
    return seconds === null || !starts.has(formatTimestamp(seconds));
  });
  return { cited: cited.length, existing: cited.length - missing.length, missing };
}
