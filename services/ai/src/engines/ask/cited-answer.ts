import { NOT_COVERED_ANSWER, formatTimestamp, type AnswerCitation } from '@lectern/contracts';
import { guardText, transcriptRules, type Dropped, type TranscriptRules } from '../moments';
import type { AnswerContext } from './answer-context';
import type { TranscriptIndex } from '@lectern/offline-engine';

// Told to reply exactly NOT_COVERED_ANSWER, a model sometimes words it a little differently.
const NOT_COVERED =
  /^(?:the )?(?:video|course|transcript|excerpts?) (?:does not|doesn't|do not|don't) cover (?:this|that|it)\b/i;

/** Whether an answer (or its beginning) says the video (or course) does not cover the question, however it words it. */
export function saysNotCovered(answer: string): boolean {
  return NOT_COVERED.test(answer.trim());
}

/** What an answer may keep: the moments of the windows that were sent, and the links of the transcript. */
export function answerRules(index: TranscriptIndex, context: AnswerContext): TranscriptRules {
  return transcriptRules(index.segments, context.windows, { asLineStart: true });
}

/**
 * A model's answer made safe to show, by the rule its stream went through: each moment it cites is kept only when
 * it falls in a window that was sent (rewritten to that segment's own moment, with the segment's words as the
 * citation), links not in the transcript are removed. An answer saying the video does not cover the question, or
 * left with no citation, is exactly NOT_COVERED_ANSWER.
 */
export function citedAnswer(
  raw: string,
  index: TranscriptIndex,
  context: AnswerContext,
  // The rules the answer's stream went through, when it had one: built once per answer.
  rules: TranscriptRules = answerRules(index, context),
): { answer: string; citations: AnswerCitation[]; dropped: Dropped } {
  const citations: AnswerCitation[] = [];
  const cited = new Set<number>();
  const keep = (moment: string): string | null => {
    const segment = rules.moments.segmentAt(moment);
    if (segment === null) return null;
    const start = index.startOf(segment);
    if (!cited.has(segment)) {
      cited.add(segment);
      citations.push({ start, text: index.segments[segment]?.text ?? '' });
    }
    return formatTimestamp(start);
  };
  const { text, dropped } = guardText({ ...rules, keep }, raw);
  const answer = text.trim();
  if (citations.length === 0 || saysNotCovered(answer))
    return { answer: NOT_COVERED_ANSWER, citations: [], dropped };
  return { answer, citations, dropped };
}
