import { formatTimestamp } from '@lectern/contracts';
import { estimateTokens } from '../transcript-lines';
import type { TranscriptSegment } from '@lectern/contracts';
import type { Passage, TranscriptIndex } from '@lectern/offline-engine';

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
  // Long cues can make the best window alone larger than the budget: it is cut down rather than nothing sent.
  if (picked.length === 0 && hits[0]) return cutToFit(index, hits[0].passage, tokenBudget);
  const windows = mergeRanges(picked);
  const text = windows
    .map((window) =>
      index.segments
        .slice(window.firstSegment, window.lastSegment + 1)
        .filter((segment) => segment.text !== '')
        .map(lineOf)
        .join('\n'),
    )
    .join('\n\n');
  return { windows, text };
}

function lineOf(segment: TranscriptSegment): string {
  return `[${formatTimestamp(segment.start)}] ${segment.text}`;
}

/** The window's first segments that fit the budget; a first segment too long alone keeps its first words. */
function cutToFit(index: TranscriptIndex, window: Passage, tokenBudget: number): AnswerContext {
  const lines: string[] = [];
  let tokens = 0;
  let lastSegment = window.firstSegment;
  for (let at = window.firstSegment; at <= window.lastSegment; at += 1) {
    const segment = index.segments[at];
    if (!segment || segment.text === '') continue;
    const line = lineOf(segment);
    const cost = estimateTokens(line) + 1;
    if (tokens + cost > tokenBudget) {
      if (lines.length > 0) break;
      const space = line.lastIndexOf(' ', tokenBudget * 4);
      lines.push(line.slice(0, space > 0 ? space : tokenBudget * 4));
      lastSegment = at;
      break;
    }
    tokens += cost;
    lines.push(line);
    lastSegment = at;
  }
  return { windows: [{ firstSegment: window.firstSegment, lastSegment }], text: lines.join('\n') };
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
