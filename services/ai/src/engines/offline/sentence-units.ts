import type { TranscriptSegment } from '@lectern/contracts';
import type { TokenTable } from './nlp';

/** A sentence of the transcript as token and segment ranges. */
export interface SentenceUnit {
  firstToken: number;
  lastToken: number;
  /** The segment the sentence starts in (its timestamp is that segment's start). */
  segment: number;
}

const MAX_WORDS = 40;
// Without punctuation there is less to go on, so a run-on stretch is cut sooner.
const MAX_WORDS_UNPUNCTUATED = 30;
const MIN_WORDS_BEFORE_PAUSE_BREAK = 4;

/**
 * Punctuated transcripts are split where wink-nlp finds sentence ends. Speech-recognition captions have no
 * punctuation, so they are split where the speaker pauses: the gap before the next segment is longer than its
 * words take to say at the speaker's usual pace. Either way no sentence runs past MAX_WORDS words.
 */
export function sentenceUnits(
  tokens: TokenTable,
  segments: readonly TranscriptSegment[],
  tokenSegment: Int32Array,
  punctuated: boolean,
): SentenceUnit[] {
  const ranges = punctuated ? tokens.sentenceSpans : pauseRanges(tokens, segments, tokenSegment);
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

function pauseRanges(
  tokens: TokenTable,
  segments: readonly TranscriptSegment[],
  tokenSegment: Int32Array,
): Array<[number, number]> {
  // Token range and word count of each segment.
  const segmentFirst = new Int32Array(segments.length).fill(-1);
  const segmentLast = new Int32Array(segments.length).fill(-1);
  const words = new Int32Array(segments.length);
  for (let index = 0; index < tokens.count; index += 1) {
    const segment = tokenSegment[index] ?? 0;
    if (segmentFirst[segment] === -1) segmentFirst[segment] = index;
    segmentLast[segment] = index;
  }
  // Spoken words per segment, for timing: contractions count once ("let's" is two tokens but one word).
  segments.forEach((segment, index) => {
    words[index] = segment.text.split(/\s+/).filter((word) => /\w/.test(word)).length;
  });
  const present = [...segmentFirst.keys()].filter((segment) => segmentFirst[segment] !== -1);
  const secondsPerWord = speakingPace(segments, present, words);
  const threshold = Math.max(0.3, secondsPerWord * 0.6);

  const ranges: Array<[number, number]> = [];
  let rangeStart = -1;
  let rangeWords = 0;
  present.forEach((segment, position) => {
    if (rangeStart === -1) rangeStart = segmentFirst[segment] ?? 0;
    rangeWords += words[segment] ?? 0;
    const next = present[position + 1];
    if (next === undefined) {
      ranges.push([rangeStart, segmentLast[segment] ?? 0]);
      return;
    }
    const gap = (segments[next]?.start ?? 0) - (segments[segment]?.start ?? 0);
    const pause = gap - (words[segment] ?? 0) * secondsPerWord;
    const breakHere =
      (pause >= threshold && rangeWords >= MIN_WORDS_BEFORE_PAUSE_BREAK) ||
      pause >= threshold * 4 ||
      rangeWords + (words[next] ?? 0) > MAX_WORDS_UNPUNCTUATED;
    if (breakHere) {
      ranges.push([rangeStart, segmentLast[segment] ?? 0]);
      rangeStart = -1;
      rangeWords = 0;
    }
  });
  return ranges;
}

// Seconds per word while the speaker is talking, estimated from the segments' timing.
function speakingPace(segments: readonly TranscriptSegment[], present: number[], words: Int32Array): number {
  const samples: number[] = [];
  for (let position = 0; position + 1 < present.length; position += 1) {
    const segment = present[position] ?? 0;
    const count = words[segment] ?? 0;
    const gap = (segments[present[position + 1] ?? 0]?.start ?? 0) - (segments[segment]?.start ?? 0);
    if (count >= 3 && gap > 0) samples.push(gap / count);
  }
  if (samples.length === 0) return 0.4;
  samples.sort((a, b) => a - b);
  // A low percentile: segments that end in a pause take longer per word, and about half of them do.
  const pace = samples[Math.floor(samples.length * 0.3)] ?? 0.4;
  return Math.min(1.2, Math.max(0.15, pace));
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
