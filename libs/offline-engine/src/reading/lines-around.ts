import type { TranscriptSegment } from '@lectern/contracts';

/**
 * The caption lines around lines `first` to `last`: widened on each side until about `words` words more are read
 * (or the transcript ends). Inclusive segment range.
 */
export function linesAround(
  segments: readonly TranscriptSegment[],
  first: number,
  last: number,
  words: number,
): [from: number, to: number] {
  let from = first;
  for (let read = 0; from > 0 && read < words; from -= 1) read += wordsIn(segments[from - 1]);
  let to = last;
  for (let read = 0; to < segments.length - 1 && read < words; to += 1) read += wordsIn(segments[to + 1]);
  return [from, to];
}

function wordsIn(segment: TranscriptSegment | undefined): number {
  return segment ? segment.text.split(' ').length : 0;
}
