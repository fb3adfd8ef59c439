import type { PlacedHighlight } from '@lectern/db';
import { findOccurrences } from './text-occurrences';

export type { PlacedHighlight };

export interface RehomedHighlights {
  /** Highlights whose text the new transcript has where they were, or once and only once elsewhere. */
  kept: PlacedHighlight[];
  /** Highlights whose text the new transcript lacks, or has in several places (no way to tell which). */
  dropped: PlacedHighlight[];
}

/**
 * Places highlights in another transcript of the same video. A highlight stays where its exact text still is;
 * else it moves to the one place its exact text appears; else it is dropped. Case and punctuation count: a
 * highlight of "Photosynthesis" does not survive into lower-case auto-generated captions. The transcript is read
 * once for all the highlights that moved (findOccurrences), not once per highlight.
 */
export function rehomeHighlights(highlights: PlacedHighlight[], transcriptText: string): RehomedHighlights {
  const inPlace = (h: PlacedHighlight) => transcriptText.slice(h.startIndex, h.endIndex) === h.text;
  const searched = [...new Set(highlights.filter((h) => h.text !== '' && !inPlace(h)).map((h) => h.text))];
  const occurrences = findOccurrences(searched, transcriptText);
  const where = new Map(searched.map((text, index) => [text, occurrences[index]!]));
  const kept: PlacedHighlight[] = [];
  const dropped: PlacedHighlight[] = [];
  for (const highlight of highlights) {
    if (inPlace(highlight)) {
      kept.push(highlight);
      continue;
    }
    const found = where.get(highlight.text);
    if (found?.count !== 1) {
      dropped.push(highlight);
      continue;
    }
    kept.push({ ...highlight, startIndex: found.first, endIndex: found.first + highlight.text.length });
  }
  return { kept, dropped };
}
