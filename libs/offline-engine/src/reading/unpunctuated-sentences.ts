import type { TranscriptSegment } from '@lectern/contracts';
import { closingScore, cueWords, openingScore, type CueWords } from '../analysis/clause-cues';
import type { TokenTable } from './nlp';
import { speechPauses, type SpeechPauses } from './speech-pauses';
import { spokenWords } from './spoken-words';

const MIN_WORDS = 2;
const UNREACHABLE = Number.NEGATIVE_INFINITY;
// A sentence without a verb is most likely a fragment of one.
const NO_VERB = -2.5;
const MAX_WORDS = 35;
const PAUSE_WEIGHT = 3.5;
// When the speaker pauses about as often as sentences end, a gap without a pause is unlikely to be a boundary.
const NO_PAUSE_WEIGHT = 1.5;
const WORDS_PER_SENTENCE = 20;
// Words that argue this strongly against parting leave a pause no weight.
const SYNTAX_VETO = 3;
// Where lines are cut at any length, a line's pause may fall between two of its words.
const INSIDE_CREDIT = 0.6;

/**
 * Sentence boundaries for captions without punctuation. Every gap between two words gets a score from the cues
 * around it (the next words open a clause, the words before could close one, the speaker paused), every
 * candidate sentence a score for its length and for having a verb, and dynamic programming picks the best
 * segmentation with sentences of MIN_WORDS to MAX_WORDS words. Linear in the transcript's length. The ends are a
 * reading of speech, not the speaker's punctuation: a piece that stops where the speaker went on is shown with an
 * ellipsis and never stated on its own (see text-style.ts).
 */
export function unpunctuatedSentenceRanges(
  tokens: TokenTable,
  segments: readonly TranscriptSegment[],
  tokenSegment: Int32Array,
): Array<[number, number]> {
  const words = spokenWords(tokens);
  const cues = cueWords(words);
  const count = cues.order.length;
  // No words, or nothing but hesitation sounds: no sentence to extract.
  if (count === 0) return [];
  const pauses = speechPauses(words, segments, tokenSegment);
  const reliability = Math.min(1, pauses.clearPauses / Math.max(1, count / WORDS_PER_SENTENCE));

  const gap = new Float64Array(count);
  for (let position = 1; position < count; position += 1) {
    const opening = openingScore(cues, position);
    const closing = closingScore(cues, position);
    // Where speech recognition cuts its lines at any length, speakers also pause mid-sentence: a pause where the
    // words argue against parting ("the || cell", "is || the") is the speaker thinking, not a full stop.
    let pause = pauseScore(cues, pauses, position, reliability);
    // A pause somewhere inside the line may be here if the next words clearly open a clause.
    if (opening >= 1) pause += (pauses.inside[cues.order[position] ?? 0] ?? 0) * INSIDE_CREDIT * PAUSE_WEIGHT;
    const syntax = opening + closing;
    const cannotPart = opening <= -2 || closing <= -2.5;
    const trust = pauses.pausesEndSegments
      ? 1
      : cannotPart
        ? 0
        : Math.min(1, Math.max(0, 1 + syntax / SYNTAX_VETO));
    gap[position] = syntax + (pause > 0 ? pause * trust : pause);
  }
  const verbsBefore = new Int32Array(count + 1);
  for (let position = 0; position < count; position += 1) {
    verbsBefore[position + 1] = (verbsBefore[position] ?? 0) + (cues.verbLike[position] ?? 0);
  }

  // best[end]: the best score of splitting the first `end` words; from[end]: where its last sentence starts.
  const best = new Float64Array(count + 1).fill(UNREACHABLE);
  const from = new Int32Array(count + 1);
  const lengthScore = Float64Array.from({ length: MAX_WORDS + 1 }, (_, words) => sentenceScore(words));
  best[0] = 0;
  for (let end = 1; end <= count; end += 1) {
    const shortest = end === count ? 1 : MIN_WORDS;
    const verbsToEnd = verbsBefore[end] ?? 0;
    let bestScore = UNREACHABLE;
    let bestStart = 0;
    for (let start = end > MAX_WORDS ? end - MAX_WORDS : 0; start <= end - shortest; start += 1) {
      const before = best[start] ?? UNREACHABLE;
      const verbless = verbsToEnd === (verbsBefore[start] ?? 0) ? NO_VERB : 0;
      const score = before + (gap[start] ?? 0) + (lengthScore[end - start] ?? 0) + verbless;
      if (score > bestScore) {
        bestScore = score;
        bestStart = start;
      }
    }
    best[end] = bestScore;
    from[end] = bestStart;
  }
  const starts: number[] = [];
  for (let end = count; end > 0; end = from[end] ?? 0) starts.push(from[end] ?? 0);
  starts.reverse();
  return toTokenRanges(cues, starts, tokens.count);
}

function pauseScore(cues: CueWords, pauses: SpeechPauses, position: number, reliability: number): number {
  // A hesitation sound before the word is a pause too.
  const word = cues.order[position] ?? 0;
  const previous = cues.order[position - 1] ?? 0;
  let pause = 0;
  let quiet = 1;
  for (let between = previous + 1; between <= word; between += 1) {
    pause = Math.max(pause, pauses.pause[between] ?? 0);
    quiet = Math.min(quiet, pauses.quiet[between] ?? 0);
  }
  const hesitated = word - previous > 1 ? 0.3 : 0;
  return pause * PAUSE_WEIGHT - quiet * NO_PAUSE_WEIGHT * reliability + hesitated;
}

function sentenceScore(words: number): number {
  let score = 0;
  if (words < 5) score -= 5 - words;
  if (words > 25) score -= (words - 25) * 0.15;
  return score;
}

// Hesitations before a sentence's first word stay with the sentence before it.
function toTokenRanges(
  cues: CueWords,
  starts: readonly number[],
  tokenCount: number,
): Array<[number, number]> {
  const { words, order } = cues;
  const ranges: Array<[number, number]> = [];
  starts.forEach((start, index) => {
    const firstWord = index === 0 ? 0 : (order[start] ?? 0);
    const next = starts[index + 1];
    const firstToken = words.firstToken[firstWord] ?? 0;
    const lastToken = next === undefined ? tokenCount - 1 : (words.firstToken[order[next] ?? 0] ?? 0) - 1;
    ranges.push([firstToken, lastToken]);
  });
  return ranges;
}
