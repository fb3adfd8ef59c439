import type { PlacedHighlight } from '@lectern/db';

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
 * highlight of "Photosynthesis" does not survive into lower-case auto-generated captions.
 */
export function rehomeHighlights(highlights: PlacedHighlight[], transcriptText: string): RehomedHighlights {
  const kept: PlacedHighlight[] = [];
  const dropped: PlacedHighlight[] = [];
  for (const highlight of highlights) {
    if (transcriptText.slice(highlight.startIndex, highlight.endIndex) === highlight.text) {
      kept.push(highlight);
      continue;
    }
    const at = transcriptText.indexOf(highlight.text);
    if (at === -1 || highlight.text === '' || transcriptText.indexOf(highlight.text, at + 1) !== -1) {
      dropped.push(highlight);
      continue;
    }
    kept.push({ ...highlight, startIndex: at, endIndex: at + highlight.text.length });
  }
  return { kept, dropped };
}
