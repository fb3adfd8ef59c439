import { LONGEST_CAPTION_WORD, type TranscriptSegment } from '@lectern/contracts';
import { linesAround } from './lines-around';
import { tokenize } from './nlp';
import { segmentOfTokens, sentenceUnits } from './sentence-units';

// Words read on each side of the caption lines, so the sentence reading finds the ends around them as it does in
// the whole transcript (its sentences have at most 35 words).
const CONTEXT_WORDS = 80;

/** A sentence read in unpunctuated captions: the transcript's own words and the segments it runs across. */
export interface SpokenSentence {
  firstSegment: number;
  lastSegment: number;
  text: string;
}

/**
 * The sentences, as Lectern reads sentence ends in speech-recognition captions, that the caption lines `first` to
 * `last` are part of: a match in a five-word caption line is quoted as the sentence it belongs to. Reads only the
 * captions around the lines, so an answer on a ten-hour transcript costs no more than on a short one. Empty when a
 * caption nearby holds a word longer than any spoken one (its reading would cost time growing with its square).
 */
export function spokenSentencesAround(
  segments: readonly TranscriptSegment[],
  first: number,
  last: number,
): SpokenSentence[] {
  const [from, to] = linesAround(segments, first, last, CONTEXT_WORDS);
  const around = segments.slice(from, to + 1);
  if (around.some((segment) => segment.text.split(' ').some((word) => word.length > LONGEST_CAPTION_WORD)))
    return [];
  const text = around.map((segment) => segment.text).join(' ');
  const tokens = tokenize(text);
  const tokenSegment = segmentOfTokens(tokens, around);
  const sentences: SpokenSentence[] = [];
  for (const unit of sentenceUnits(tokens, around, tokenSegment, false)) {
    const firstSegment = from + unit.segment;
    const lastSegment = from + (tokenSegment[unit.lastToken] ?? unit.segment);
    if (lastSegment < first || firstSegment > last) continue;
    const start = tokens.offset[unit.firstToken] ?? 0;
    const end = (tokens.offset[unit.lastToken] ?? 0) + (tokens.value[unit.lastToken]?.length ?? 0);
    sentences.push({ firstSegment, lastSegment, text: text.slice(start, end) });
  }
  return sentences;
}
