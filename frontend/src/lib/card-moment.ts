import type { Flashcard, TranscriptSegment } from '@lectern/contracts';

/** Words a card must share, in a row, with the transcript to say where it comes from. */
const PHRASE_WORDS = 4;

function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word !== '');
}

/** A transcript's words in order, each with the segment it belongs to: built once per transcript. */
export interface TranscriptWords {
  text: string;
  /** For each segment, where its words start in `text`. */
  offsets: number[];
  starts: number[];
}

export function transcriptWords(segments: readonly TranscriptSegment[]): TranscriptWords {
  const offsets: number[] = [];
  let text = '';
  for (const segment of segments) {
    offsets.push(text.length);
    text += ` ${words(segment.text).join(' ')}`;
  }
  return { text: `${text} `, offsets, starts: segments.map((segment) => segment.start) };
}

function segmentAt(index: TranscriptWords, position: number): number {
  let low = 0;
  let high = index.offsets.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((index.offsets[middle] ?? 0) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Where in the video a flashcard comes from: the start of the segment where its answer (or its question with
 * the blank filled in) is first said, found by a run of words in common; null when nothing matches.
 */
export function cardMoment(card: Flashcard, index: TranscriptWords): number | null {
  const candidates = [card.question.replace(/_{2,}/u, card.answer), card.answer, card.question];
  for (const candidate of candidates) {
    const list = words(candidate);
    const size = Math.min(PHRASE_WORDS, list.length);
    if (list.length < 2) continue;
    for (let from = 0; from + size <= list.length; from += 1) {
      const at = index.text.indexOf(` ${list.slice(from, from + size).join(' ')} `);
      if (at >= 0) return index.starts[segmentAt(index, at)] ?? null;
    }
  }
  return null;
}
