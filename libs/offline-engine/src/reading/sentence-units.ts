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

/**
 * Punctuated transcripts are split where wink-nlp finds sentence ends, and only there: a long sentence stays whole,
 * since a piece of it given a full stop would say something the lecturer did not ("… divided by the total number of
 * people." where the lecture goes on "fitting the evidence"). Writers that want short sentences skip long ones.
 * Speech-recognition captions have no punctuation, so their boundaries are inferred from the words and the
 * speaker's pauses (see unpunctuated-sentences.ts).
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
    if (hasWord(tokens, first, last))
      units.push({ firstToken: first, lastToken: last, segment: tokenSegment[first] ?? 0 });
  }
  return units;
}

function hasWord(tokens: TokenTable, first: number, last: number): boolean {
  for (let index = first; index <= last; index += 1) if (tokens.type[index] === 'word') return true;
  return false;
}

/** The segment each token of the segments' joined text (joined by one space) comes from. */
export function segmentOfTokens(tokens: TokenTable, segments: readonly TranscriptSegment[]): Int32Array {
  const owner = new Int32Array(tokens.count);
  let segment = 0;
  let segmentEnd = (segments[0]?.text.length ?? 0) + 1;
  let segmentStartOffset = 0;
  for (let index = 0; index < tokens.count; index += 1) {
    const offset = tokens.offset[index] ?? 0;
    while (offset >= segmentEnd && segment < segments.length - 1) {
      segment += 1;
      segmentStartOffset = segmentEnd;
      segmentEnd = segmentStartOffset + (segments[segment]?.text.length ?? 0) + 1;
    }
    owner[index] = segment;
  }
  return owner;
}
