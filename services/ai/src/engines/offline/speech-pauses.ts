import type { TranscriptSegment } from '@lectern/contracts';
import type { SpokenWords } from './spoken-words';

/**
 * How long the speaker paused before each word, in units of the time a word takes at their usual pace. Captions
 * time only the start of each segment, so a pause shows only before a segment's first word: the gap between two
 * segment starts is longer than the earlier segment's words take to say. Every other word gets 0.
 */
export function pausesBeforeWords(
  words: SpokenWords,
  segments: readonly TranscriptSegment[],
  tokenSegment: Int32Array,
): Float64Array {
  const pauses = new Float64Array(words.count);
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
  const pace = secondsPerWord(segments, present, wordsIn);
  for (let position = 1; position < present.length; position += 1) {
    const previous = present[position - 1] ?? 0;
    const segment = present[position] ?? 0;
    const gap = (segments[segment]?.start ?? 0) - (segments[previous]?.start ?? 0);
    const pause = gap - (wordsIn[previous] ?? 0) * pace;
    pauses[firstWordOf[segment] ?? 0] = Math.max(0, pause / pace);
  }
  return pauses;
}

// Seconds per word while the speaker is talking, estimated from the segments' timing.
function secondsPerWord(
  segments: readonly TranscriptSegment[],
  present: number[],
  wordsIn: Int32Array,
): number {
  const samples: number[] = [];
  for (let position = 0; position + 1 < present.length; position += 1) {
    const segment = present[position] ?? 0;
    const count = wordsIn[segment] ?? 0;
    const gap = (segments[present[position + 1] ?? 0]?.start ?? 0) - (segments[segment]?.start ?? 0);
    if (count >= 3 && gap > 0) samples.push(gap / count);
  }
  if (samples.length === 0) return 0.4;
  samples.sort((a, b) => a - b);
  // A low percentile: segments that end in a pause take longer per word, and about half of them may.
  const pace = samples[Math.floor(samples.length * 0.3)] ?? 0.4;
  return Math.min(1.2, Math.max(0.15, pace));
}
