import { NOT_COVERED_ANSWER, formatTimestamp, type AnswerCitation } from '@lectern/contracts';
import { spokenSentencesAround } from '../reading/spoken-sentences-around';
import {
  definesTerm,
  endsNaming,
  isAsking,
  namesTermAtEnd,
  saysQuestionPhrase,
} from '../search/answer-shapes';
import { answeringSentences, isAnswerable, rarestTerms } from '../search/relevance';
import type { Passage, PassageHit, TranscriptIndex } from '../search/transcript-index';

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
  if (!isAnswerable(index.matchAll(question, 'window'), index.windowCount, index))
    return { answer: NOT_COVERED_ANSWER, citations: [] };
  const matches = index.matchAll(question, 'sentence');
  const subject = rarestTerms(matches);
  const asked = new Set(matches.terms);
  const hits = answeringSentences(
    matches,
    (hit) => index.termsAround(hit.passage),
    (hit) => answerShape(index, hit.passage, matches.terms, subject),
  );
  const best = hits[0];
  if (!best) return { answer: NOT_COVERED_ANSWER, citations: [] };
  const chosen: Quote[] = [];
  for (const hit of hits) {
    if (chosen.length >= MAX_QUOTES) break;
    if (hit.score < best.score * RELATIVE_SCORE) break;
    for (const quote of quotesOf(index, hit, asked)) {
      // A lecture that repeats itself is quoted once.
      if (chosen.length < MAX_QUOTES && !chosen.some((other) => other.text === quote.text))
        chosen.push(quote);
    }
  }
  if (chosen.length === 0) return { answer: NOT_COVERED_ANSWER, citations: [] };
  chosen.sort((a, b) => a.firstSegment - b.firstSegment);
  const citations = chosen.map((quote) => ({ start: index.startOf(quote.firstSegment), text: quote.text }));
  const answer = citations
    .map((citation) => `“${citation.text}” [${formatTimestamp(citation.start)}]`)
    .join('\n\n');
  return { answer, citations };
}

// Ranks of the shapes of an answer, over BM25 among the sentences that may answer.
const DEFINES_THE_TERM = 2;
const SAYS_THE_QUESTION = 1;

/**
 * How well a punctuated sentence is shaped to answer: it says what the question's term is ("a recursive function
 * is defined as…"), or says the question's words in its order ("n factorial is calculated…"). Speech-recognition
 * captions have no sentences to read so.
 */
function answerShape(
  index: TranscriptIndex,
  passage: Passage,
  question: readonly string[],
  subject: ReadonlySet<string>,
): number {
  if (!index.punctuated || isAsking(passage.text)) return 0;
  const sentence = index.termsOfWords(passage.text);
  if (definesTerm(sentence, subject) || namesTermAtEnd(sentence, subject)) return DEFINES_THE_TERM;
  return saysQuestionPhrase(sentence, question) ? SAYS_THE_QUESTION : 0;
}

// How far past a sentence its answer or explanation is looked for (a question of the audience may come between).
const SENTENCES_TO_FOLLOW = 2;

/** The first statement said after a sentence: what a lecturer's question or a named term is followed by. */
function statementAfter(index: TranscriptIndex, passage: Passage): Passage | undefined {
  let next = index.sentenceAfter(passage);
  for (let step = 0; next && step < SENTENCES_TO_FOLLOW; step += 1) {
    if (!isAsking(next.text)) return next;
    next = index.sentenceAfter(next);
  }
  return undefined;
}

/**
 * What explains a term a sentence names at its end: the statement after it and, when that one does not say the
 * term ("And we haven't yet found what that is."), the next statement when it does ("It's essentially the amount
 * of resistance…").
 */
function explanationAfter(index: TranscriptIndex, passage: Passage): Passage[] {
  const first = statementAfter(index, passage);
  if (!first) return [];
  const named = [...index.termsOfWords(passage.text).terms].reverse().find((term) => term !== null) ?? null;
  const speaksOf = (sentence: Passage) => named !== null && index.termsOf(sentence.text).includes(named);
  if (speaksOf(first)) return [first];
  const second = statementAfter(index, first);
  return second && speaksOf(second) ? [first, second] : [first];
}

/**
 * What a sentence found is quoted as. In punctuated captions, itself; never a question the lecturer asks ("What's
 * the base case?"), which is quoted by the statement answering it; a sentence ending on the term it names ("We
 * call this a collision.") with the statement that explains it. In speech-recognition captions, where the index's
 * sentences are caption lines of a few words, the sentences the line is part of that speak of the question.
 */
function quotesOf(index: TranscriptIndex, hit: PassageHit, asked: ReadonlySet<string>): Quote[] {
  const { passage } = hit;
  if (index.punctuated) {
    const after = statementAfter(index, passage);
    if (isAsking(passage.text)) return after ? [after] : [];
    return after && endsNaming(index.termsOfWords(passage.text), asked)
      ? [passage, ...explanationAfter(index, passage)]
      : [passage];
  }
  const around = spokenSentencesAround(index.segments, passage.firstSegment, passage.lastSegment);
  const speaking = around.filter((sentence) =>
    index.termsOf(sentence.text).some((term) => hit.held.includes(term)),
  );
  return speaking.length > 0 ? speaking : [passage];
}
