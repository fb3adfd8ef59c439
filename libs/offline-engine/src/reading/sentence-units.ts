import type { TranscriptSegment } from '@lectern/contracts';
import type { TokenTable } from './nlp';
import { unpunctuatedSentenceRanges } from './unpunctuated-sentences';

/** A sentence of the transcript as token and segment ranges. */
export interface SentenceUnit {
  firstToken: number;
  lastToken: number;
  /** The segment the sentence starts in (its timestamp is that segment's start). */
  segment: number;
}

const MAX_WORDS = 40;

/**
 * Punctuated transcripts are split where wink-nlp finds sentence ends. Speech-recognition captions have no
 * punctuation, so their boundaries are inferred from the words and the speaker's pauses (see
 * unpunctuated-sentences.ts). Either way no sentence runs past MAX_WORDS words.
 */
export function sentenceUnits(
  tokens: TokenTable,
  segments: readonly TranscriptSegment[],
  tokenSegment: Int32Array,
  punctuated: boolean,
): SentenceUnit[] {
  const ranges = punctuated
    ? tokens.sentenceSpans
    : unpunctuatedSentenceRanges(tokens, segments, tokenSegment);
  const units: SentenceUnit[] = [];
  for (const [first, last] of ranges) {
    for (const [a, b] of capLength(tokens, tokenSegment, first, last)) {
      if (hasWord(tokens, a, b)) units.push({ firstToken: a, lastToken: b, segment: tokenSegment[a] ?? 0 });
    }
  }
  return units;
}

function hasWord(tokens: TokenTable, first: number, last: number): boolean {
  for (let index = first; index <= last; index += 1) if (tokens.type[index] === 'word') return true;
  return false;
}

// Splits a run-on range into pieces of at most MAX_WORDS words, preferring segment boundaries.
function capLength(
  tokens: TokenTable,
  tokenSegment: Int32Array,
  first: number,
  last: number,
): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  let pieceStart = first;
  let wordsInPiece = 0;
  let lastBoundary = -1;
  for (let index = first; index <= last; index += 1) {
    if (index > pieceStart && tokenSegment[index] !== tokenSegment[index - 1]) lastBoundary = index;
    if (tokens.type[index] === 'word') wordsInPiece += 1;
    if (wordsInPiece > MAX_WORDS) {
      const cut = lastBoundary > pieceStart + 5 ? lastBoundary : index;
      pieces.push([pieceStart, cut - 1]);
      pieceStart = cut;
      lastBoundary = -1;
      wordsInPiece = 0;
      for (let recount = cut; recount <= index; recount += 1)
        if (tokens.type[recount] === 'word') wordsInPiece += 1;
    }
  }
  if (pieceStart <= last) pieces.push([pieceStart, last]);
  return pieces;
}
