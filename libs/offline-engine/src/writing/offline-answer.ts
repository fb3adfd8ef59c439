import { NOT_COVERED_ANSWER, formatTimestamp, type AnswerCitation } from '@lectern/contracts';
import { spokenSentencesAround } from '../reading/spoken-sentences-around';
import { answeringSentences, isAnswerable } from '../search/relevance';
import type { PassageHit, TranscriptIndex } from '../search/transcript-index';

const MAX_QUOTES = 3;
// Quotes beside the best must score at least this share of its score: a weak fourth passage only dilutes.
const RELATIVE_SCORE = 0.6;

export interface ExtractiveAnswer {
  answer: string;
  citations: AnswerCitation[];
}

interface Quote {
  firstSegment: number;
  text: string;
}

/**
 * The offline engine's answer: the transcript's best-matching sentences quoted in the video's order, each with its
 * moment; 'The video does not cover this.' when no part of the transcript is relevant enough (see relevance.ts).
 */
export function extractiveAnswer(index: TranscriptIndex, question: string): ExtractiveAnswer {
  if (!isAnswerable(index.find(question, 'window', 1)[0], index.windowCount))
    return { answer: NOT_COVERED_ANSWER, citations: [] };
  const hits = answeringSentences(index.matchAll(question, 'sentence'), (hit) =>
    index.termsAround(hit.passage),
  );
  const best = hits[0];
  if (!best) return { answer: NOT_COVERED_ANSWER, citations: [] };
  const chosen: Quote[] = [];
  for (const hit of hits) {
    if (chosen.length >= MAX_QUOTES) break;
    if (hit.score < best.score * RELATIVE_SCORE) break;
    for (const quote of quotesOf(index, hit)) {
      // A lecture that repeats itself is quoted once.
      if (chosen.length < MAX_QUOTES && !chosen.some((other) => other.text === quote.text))
        chosen.push(quote);
    }
  }
  chosen.sort((a, b) => a.firstSegment - b.firstSegment);
  const citations = chosen.map((quote) => ({ start: index.startOf(quote.firstSegment), text: quote.text }));
  const answer = citations
    .map((citation) => `“${citation.text}” [${formatTimestamp(citation.start)}]`)
    .join('\n\n');
  return { answer, citations };
}

/**
 * What a sentence found is quoted as: itself in punctuated captions; in speech-recognition captions, where the
 * index's sentences are caption lines of a few words, the sentences the line is part of that speak of the question.
 */
function quotesOf(index: TranscriptIndex, hit: PassageHit): Quote[] {
  const { passage } = hit;
  if (index.punctuated) return [passage];
  const around = spokenSentencesAround(index.segments, passage.firstSegment, passage.lastSegment);
  const speaking = around.filter((sentence) =>
    index.termsOf(sentence.text).some((term) => hit.held.includes(term)),
  );
  return speaking.length > 0 ? speaking : [passage];
}
