import { parseTimestamp, TIMESTAMP_PATTERN, type TranscriptSegment } from '@lectern/contracts';
import MiniSearch from 'minisearch';

// Where in the video a flashcard comes from. An answer that cites its moment (`[m:ss]`, `h:mm:ss` past an
// hour) keeps it. Otherwise, neither engine writes one today, the card's question and answer are searched
// (BM25, minisearch) among windows of two consecutive caption segments, so a sentence split across two
// captions is found whole; the best window (the earliest on a tie) gives the moment: the start of its first
// segment that shares a word with the card. A card sharing no word with the transcript has no moment.

const CITED_MOMENT = new RegExp(String.raw`\s*\[(${TIMESTAMP_PATTERN})\]`, 'u');
const WINDOW_SEGMENTS = 2;

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Words in any script: Intl.Segmenter splits Chinese and Japanese, which have no spaces, into words too. */
function tokenize(text: string): string[] {
  return [...words.segment(text)]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment.toLocaleLowerCase());
}

/** The answer without the moment it cites, and that moment in seconds (null when it cites none). */
export function citedMoment(answer: string): { answer: string; moment: number | null } {
  const match = CITED_MOMENT.exec(answer);
  const moment = match?.[1] === undefined ? null : parseTimestamp(match[1]);
  if (moment === null) return { answer, moment: null };
  return { answer: answer.replace(CITED_MOMENT, '').replace(/\s+/gu, ' ').trim(), moment };
}

export class CardMoments {
  private readonly index: MiniSearch<{ id: number; text: string }> | null;

  constructor(private readonly segments: readonly TranscriptSegment[]) {
    if (segments.length === 0) {
      this.index = null;
      return;
    }
    this.index = new MiniSearch({ fields: ['text'], tokenize, processTerm: (term) => term });
    this.index.addAll(
      segments.map((_segment, id) => ({
        id,
        text: segments
          .slice(id, id + WINDOW_SEGMENTS)
          .map((segment) => segment.text)
          .join(' '),
      })),
    );
  }

  /** The start, in seconds, of the transcript passage the card best matches; null when nothing matches. */
  find(question: string, answer: string): number | null {
    if (!this.index) return null;
    const results = this.index.search(`${question} ${answer}`, { combineWith: 'OR' });
    const best = results.reduce<(typeof results)[number] | undefined>(
      (top, result) =>
        !top || result.score > top.score || (result.score === top.score && Number(result.id) < Number(top.id))
          ? result
          : top,
      undefined,
    );
    if (best === undefined) return null;
    // The window's first segment that shares a word with the card: where the matching passage begins.
    const cardWords = new Set(tokenize(`${question} ${answer}`));
    const window = this.segments.slice(Number(best.id), Number(best.id) + WINDOW_SEGMENTS);
    const first = window.find((segment) => tokenize(segment.text).some((word) => cardWords.has(word)));
    return (first ?? window[0])?.start ?? null;
  }
}
