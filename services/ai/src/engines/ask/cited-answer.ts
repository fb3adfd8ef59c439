import { NOT_COVERED_ANSWER, formatTimestamp, parseTimestamp, type AnswerCitation } from '@lectern/contracts';
import type { AnswerContext } from './answer-context';
import { citationFilter } from './cited-answer-stream';
import type { TranscriptIndex } from './transcript-index';

// Told to reply exactly NOT_COVERED_ANSWER, a model sometimes words it a little differently.
const NOT_COVERED =
  /^(?:the )?(?:video|transcript|excerpts?) (?:does not|doesn't|do not|don't) cover (?:this|that|it)\b/i;

/**
 * A model's answer made safe to show: each `[m:ss]` it cites is kept only when it falls in a window that was sent
 * (rewritten to that segment's own moment, with the segment's words as the citation), and dropped otherwise. An
 * answer saying the video does not cover the question, or left with no citation, is exactly NOT_COVERED_ANSWER.
 */
export function citedAnswer(
  raw: string,
  index: TranscriptIndex,
  context: AnswerContext,
): { answer: string; citations: AnswerCitation[] } {
  const citations: AnswerCitation[] = [];
  const cited = new Set<number>();
  const keep = (moment: string): string | null => {
    const segment = sentSegment(moment, index, context);
    if (segment === null) return null;
    const start = index.startOf(segment);
    if (!cited.has(segment)) {
      cited.add(segment);
      citations.push({ start, text: index.segments[segment]?.text ?? '' });
    }
    return `[${formatTimestamp(start)}]`;
  };
  // The streamed answer's filter, run over the whole answer: one rule for both, which never lets a dropped
  // citation join its neighbours into a moment nobody judged.
  const pieces: string[] = [];
  const filter = citationFilter(keep, (text) => pieces.push(text));
  filter.write(raw);
  filter.end();
  const answer = pieces.join('').trim();
  if (citations.length === 0 || NOT_COVERED.test(answer))
    return { answer: NOT_COVERED_ANSWER, citations: [] };
  return { answer, citations };
}

/**
 * The `[m:ss]` a cited moment is shown as (the start of the sent segment it points at), or null when it points at
 * no moment that was sent: the one rule for stored and streamed answers alike.
 */
export function keptCitation(moment: string, index: TranscriptIndex, context: AnswerContext): string | null {
  const segment = sentSegment(moment, index, context);
  return segment === null ? null : `[${formatTimestamp(index.startOf(segment))}]`;
}

function sentSegment(moment: string, index: TranscriptIndex, context: AnswerContext): number | null {
  return sentSegmentAt(parseTimestamp(moment), index, context);
}

// The sent segment a moment points at: the last non-empty one of its window starting at or before it (moments are written
// in whole seconds), if the moment lies within a window that was sent.
function sentSegmentAt(
  seconds: number | null,
  index: TranscriptIndex,
  context: AnswerContext,
): number | null {
  if (seconds === null) return null;
  for (const { firstSegment, lastSegment } of context.windows) {
    if (seconds < Math.floor(index.startOf(firstSegment))) continue;
    const end = lastSegment + 1 < index.segments.length ? index.startOf(lastSegment + 1) : Infinity;
    if (seconds >= Math.max(end, Math.floor(index.startOf(lastSegment)) + 1)) continue;
    for (let segment = lastSegment; segment >= firstSegment; segment -= 1) {
      // An empty segment is not in the prompt: its moment belongs to the line before it.
      if (index.segments[segment]?.text === '') continue;
      if (Math.floor(index.startOf(segment)) <= seconds) return segment;
    }
  }
  return null;
}
