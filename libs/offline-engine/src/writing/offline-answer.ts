import { NOT_COVERED_ANSWER, formatTimestamp, type AnswerCitation } from '@lectern/contracts';
import { isAnswerable } from '../search/relevance';
import type { PassageHit, TranscriptIndex } from '../search/transcript-index';

const CANDIDATES = 12;
const MAX_QUOTES = 3;
// Quotes beside the best must score at least this share of its score: a weak fourth passage only dilutes.
const RELATIVE_SCORE = 0.6;
// A quoted sentence holds at least this share of the question's search terms.
const MIN_SENTENCE_COVERAGE = 0.5;

export interface ExtractiveAnswer {
  answer: string;
  citations: AnswerCitation[];
}

/**
 * The offline engine's answer: the transcript's best-matching sentences quoted in the video's order, each with its
 * moment; 'The video does not cover this.' when no part of the transcript is relevant enough (see relevance.ts).
 */
export function extractiveAnswer(index: TranscriptIndex, question: string): ExtractiveAnswer {
  if (!isAnswerable(index.find(question, 'window', 1)[0], index.windowCount))
    return { answer: NOT_COVERED_ANSWER, citations: [] };
  const hits = index
    .find(question, 'sentence', CANDIDATES)
    .filter((hit) => hit.coverage >= MIN_SENTENCE_COVERAGE);
  const best = hits[0];
  if (!best) return { answer: NOT_COVERED_ANSWER, citations: [] };
  const chosen: PassageHit[] = [];
  for (const hit of hits) {
    if (chosen.length >= MAX_QUOTES) break;
    if (hit.score < best.score * RELATIVE_SCORE) continue;
    // A lecture that repeats itself is quoted once.
    if (chosen.some((other) => other.passage.text === hit.passage.text)) continue;
    chosen.push(hit);
  }
  chosen.sort((a, b) => a.passage.firstSegment - b.passage.firstSegment);
  const citations = chosen.map((hit) => ({
    start: index.startOf(hit.passage.firstSegment),
    text: hit.passage.text,
  }));
  const answer = citations
    .map((citation) => `“${citation.text}” [${formatTimestamp(citation.start)}]`)
    .join('\n\n');
  return { answer, citations };
}
