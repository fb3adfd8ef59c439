import type { TranscriptSegment } from '@lectern/contracts';
import type { SpokenWords } from './spoken-words';

/** What the captions' timing says about a pause before each word. */
export interface SpeechPauses {
  /** 0 to 1: how clearly the speaker paused before the word (clearest before a segment's first word). */
  pause: Float64Array;
  /** 0 to 1: how clearly the segment the word is inside has a pause somewhere, between its words or after it. */
  inside: Float64Array;
  /** 0 to 1: how clearly the speaker did not pause before the word. */
  quiet: Float64Array;
  /** Segments that end in a clear pause. */
  clearPauses: number;
  /** Whether segments are cut only by length or at pauses, so that every pause is at a segment's end. */
  pausesEndSegments: boolean;
}

// The time words take varies from word to word, so a segment's silence is measured against what its own words
// could take: up to NOISE_SPREADS times the usual spread of its words' time is ordinary variation, and a pause
// counts from FROM_PAUSE and fully from FULL_PAUSE words' time more.
const NOISE_SPREADS = 2;
const FROM_PAUSE = 0.8;
const FULL_PAUSE = 1.2;
const LENGTH_CUT_SHARE = 0.8;
// Segments this many words either side give the pace a word is said at.
const PACE_WINDOW = 40;

/**
 * Captions time only the start of each segment: the gap between two segment starts is the time the earlier
 * segment's words take at the speaker's pace plus any pause after one of them. A clear excess is a pause before
 * the next segment, where speech recognition usually cuts; no excess means no pause after any of those words.
 */
export function speechPauses(
  words: SpokenWords,
  segments: readonly TranscriptSegment[],
  tokenSegment: Int32Array,
): SpeechPauses {
  const pause = new Float64Array(words.count);
  const inside = new Float64Array(words.count);
  const quiet = new Float64Array(words.count);
  const segmentOf = Int32Array.from(
    { length: words.count },
    (_, word) => tokenSegment[words.firstToken[word] ?? 0] ?? 0,
  );
  const wordsIn = new Int32Array(segments.length);
  const firstWordOf = new Int32Array(segments.length).fill(-1);
  segmentOf.forEach((segment, word) => {
    wordsIn[segment] = (wordsIn[segment] ?? 0) + 1;
    if (firstWordOf[segment] === -1) firstWordOf[segment] = word;
  });
  const present = [...firstWordOf.keys()].filter((segment) => firstWordOf[segment] !== -1);
  const { paces, spread } = localPaces(segments, present, wordsIn);
  const strengths = new Float64Array(present.length);
  let clearPauses = 0;
  for (let position = 0; position + 1 < present.length; position += 1) {
    const segment = present[position] ?? 0;
    const count = wordsIn[segment] ?? 0;
    const pace = paces[position] ?? 0.4;
    const gap = (segments[present[position + 1] ?? 0]?.start ?? 0) - (segments[segment]?.start ?? 0);
    const excess = (gap - count * (pace + NOISE_SPREADS * spread)) / pace;
    const strength = Math.min(1, Math.max(0, (excess - FROM_PAUSE) / (FULL_PAUSE - FROM_PAUSE)));
    strengths[position] = strength;
    if (strength >= 1) clearPauses += 1;
  }
  const pausesEndSegments = cutByLengthOrPause(present, wordsIn, strengths);
  for (let position = 0; position + 1 < present.length; position += 1) {
    const segment = present[position] ?? 0;
    const strength = strengths[position] ?? 0;
    // Where segments are cut by length or at a pause, a pause is at a segment's end and never between its words.
    const first = firstWordOf[segment] ?? 0;
    for (let word = first + 1; word < first + (wordsIn[segment] ?? 0); word += 1) {
      quiet[word] = pausesEndSegments ? 1 : 1 - strength;
      inside[word] = pausesEndSegments ? 0 : strength;
    }
    const following = firstWordOf[present[position + 1] ?? 0] ?? 0;
    pause[following] = strength;
    quiet[following] = 1 - strength;
  }
  return { pause, inside, quiet, clearPauses, pausesEndSegments };
}

// Whether the captions cut a segment after a fixed number of words unless the speaker paused first: nearly every
// segment that does not end in a pause has the longest segments' length.
function cutByLengthOrPause(
  present: readonly number[],
  wordsIn: Int32Array,
  strengths: Float64Array,
): boolean {
  let longest = 0;
  for (const segment of present) longest = Math.max(longest, wordsIn[segment] ?? 0);
  let unpaused = 0;
  let full = 0;
  for (let position = 0; position + 1 < present.length; position += 1) {
    if ((strengths[position] ?? 0) > 0) continue;
    unpaused += 1;
    if ((wordsIn[present[position] ?? 0] ?? 0) === longest) full += 1;
  }
  return unpaused > 0 && full >= LENGTH_CUT_SHARE * unpaused;
}

// Seconds per word while the speaker is talking, near each segment. Segments that end in a pause take longer per
// word, and many may, so a low percentile of the segments around stands for the pace. The spread (seconds per
// word) is how far a segment's pace strays from it without a pause, from the spread of the lowest paces.
function localPaces(
  segments: readonly TranscriptSegment[],
  present: readonly number[],
  wordsIn: Int32Array,
): { paces: Float64Array; spread: number } {
  const perWord = new Float64Array(present.length).fill(Number.NaN);
  for (let position = 0; position + 1 < present.length; position += 1) {
    const segment = present[position] ?? 0;
    const count = wordsIn[segment] ?? 0;
    const gap = (segments[present[position + 1] ?? 0]?.start ?? 0) - (segments[segment]?.start ?? 0);
    if (count >= 3 && gap > 0) perWord[position] = gap / count;
  }
  const paces = new Float64Array(present.length);
  const window: number[] = [];
  for (let position = 0; position < present.length; position += 1) {
    // The window of samples is rebuilt per block of segments so the work stays linear.
    if (position % PACE_WINDOW === 0) {
      window.length = 0;
      const from = Math.max(0, position - PACE_WINDOW);
      const to = Math.min(present.length, position + 2 * PACE_WINDOW);
      for (let at = from; at < to; at += 1) {
        const sample = perWord[at] ?? Number.NaN;
        if (!Number.isNaN(sample)) window.push(sample);
      }
      window.sort((a, b) => a - b);
    }
    const pace = window.length === 0 ? 0.4 : (window[Math.floor(window.length * 0.3)] ?? 0.4);
    paces[position] = Math.min(1.2, Math.max(0.15, pace));
  }
  const all = [...perWord].filter((sample) => !Number.isNaN(sample)).sort((a, b) => a - b);
  const low = all[Math.floor(all.length * 0.05)] ?? 0;
  const typical = all[Math.floor(all.length * 0.3)] ?? 0;
  // Between the 5th and 30th percentiles of a normal spread lie 1.12 standard deviations.
  return { paces, spread: (typical - low) / 1.12 };
}
