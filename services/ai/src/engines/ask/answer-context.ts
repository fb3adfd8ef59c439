import { formatTimestamp } from '@lectern/contracts';
import { estimateTokens } from '../transcript-lines';
import type { TranscriptIndex } from './transcript-index';

/** The transcript windows sent to a model for one question: inclusive segment ranges in the video's order. */
export interface AnswerContext {
  windows: Array<{ firstSegment: number; lastSegment: number }>;
  /** One `[m:ss] text` line per segment, windows separated by a blank line. */
  text: string;
}

const CANDIDATE_WINDOWS = 24;
/** About what a question costs in transcript tokens, whatever the video's length. */
export const CONTEXT_TOKEN_BUDGET = 3_000;

/**
 * Picks the windows that best match the question (the index's BM25 ranking) until the token budget is spent,
 * merges those that overlap or touch, and writes them as timestamped lines. Null when nothing matches at all.
 */
export function answerContext(
  index: TranscriptIndex,
  question: string,
  tokenBudget = CONTEXT_TOKEN_BUDGET,
): AnswerContext | null {
  const hits = index.find(question, 'window', CANDIDATE_WINDOWS);
  if (hits.length === 0) return null;
  const picked: Array<{ firstSegment: number; lastSegment: number }> = [];
  let tokens = 0;
  for (const { passage } of hits) {
    const cost = estimateTokens(passage.text) + (passage.lastSegment - passage.firstSegment + 1) * 3;
    if (tokens + cost > tokenBudget) break;
    tokens += cost;
    picked.push({ firstSegment: passage.firstSegment, lastSegment: passage.lastSegment });
  }
  const windows = mergeRanges(picked);
  const text = windows
    .map((window) =>
      index.segments
        .slice(window.firstSegment, window.lastSegment + 1)
        .filter((segment) => segment.text !== '')
        .map((segment) => `[${formatTimestamp(segment.start)}] ${segment.text}`)
        .join('\n'),
    )
    .join('\n\n');
  return { windows, text };
}

function mergeRanges(
  ranges: Array<{ firstSegment: number; lastSegment: number }>,
): Array<{ firstSegment: number; lastSegment: number }> {
  const sorted = [...ranges].sort((a, b) => a.firstSegment - b.firstSegment);
  const merged: Array<{ firstSegment: number; lastSegment: number }> = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.firstSegment <= last.lastSegment + 1)
      last.lastSegment = Math.max(last.lastSegment, range.lastSegment);
    else merged.push({ ...range });
  }
  return merged;
}
