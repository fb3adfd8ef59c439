import type { PassageHit, PassageMatches } from './transcript-index';

// Tuned on the test lectures (services/ai/test/ask.int-spec.ts): a question is answered when a window of the
// transcript holds all of its search terms when it has one or two, at least half when it has more (a question
// about something else shares one word with a lecture now and then, rarely half of its words) ...
const MIN_COVERAGE_OF_LONG_QUESTIONS = 0.5;
// A quoted sentence that does not hold the question's rarest term holds at least this share of its search terms.
const MIN_SENTENCE_COVERAGE = 0.5;
// ... and the match is worth about one word found in a single window of this transcript (its highest IDF), so the
// transcript's most common words alone do not answer. BM25 scores grow with the number of windows: a ten-minute
// lecture's rarest word scores about 3, a four-window transcript's about 1; the floor follows, and never rises
// past what served the ten-minute lectures, so long lectures answer what is said in many of their windows. In a
// transcript of a few windows every word is common (its IDF is near zero): coverage alone decides there.
const SHARE_OF_RAREST_WORD = 0.95;
const MAX_SCORE_FLOOR = 3;
const FEW_WINDOWS = 3;

/** The BM25 inverse document frequency MiniSearch gives a term found in one of `windows` windows. */
function rarestWordIdf(windows: number): number {
  return Math.log(1 + (windows - 1 + 0.5) / (1 + 0.5));
}

/** Whether a passage holding this share of a question's search terms speaks about it. */
function covers(coverage: number, terms: number): boolean {
  return terms <= 2 ? coverage === 1 : coverage >= MIN_COVERAGE_OF_LONG_QUESTIONS;
}

/** Whether the best window found for a question shows that the transcript speaks about it. */
export function isAnswerable(best: PassageHit | undefined, windows: number): best is PassageHit {
  const floor =
    windows <= FEW_WINDOWS ? 0 : Math.min(MAX_SCORE_FLOOR, SHARE_OF_RAREST_WORD * rarestWordIdf(windows));
  if (!best || best.score < floor) return false;
  return covers(best.coverage, best.terms);
}

// Sentences holding the question's rarest term whose context is weighed, best BM25 first: enough to find the
// answer, few enough that a term said a thousand times in a ten-hour lecture costs no more than an answer's time.
const CONTEXTS_WEIGHED = 50;

/**
 * The sentences that may answer a question, best first. A question is about its most specific word: a sentence
 * holding its rarest search term (the one the fewest sentences hold; every term so rare when several are) answers
 * it without the question's other words when the captions around it speak about the question as a window must
 * ("What is the prior in Bayes' theorem?" is answered by "This number is known as the prior.", said among
 * sentences about Bayes' theorem). Otherwise a sentence answers when it holds at least half of the question's terms.
 */
export function answeringSentences(
  matches: PassageMatches,
  termsAround: (hit: PassageHit) => ReadonlySet<string>,
): PassageHit[] {
  const question = matches.terms;
  let fewest = Number.POSITIVE_INFINITY;
  for (const count of matches.frequency.values()) fewest = Math.min(fewest, count);
  const rarest = new Set(
    [...matches.frequency].filter(([, count]) => count === fewest).map(([term]) => term),
  );
  const carried = matches.hits
    .filter((hit) => hit.held.some((term) => rarest.has(term)))
    .slice(0, CONTEXTS_WEIGHED)
    .filter((hit) => {
      const around = termsAround(hit);
      const said = question.filter((term) => around.has(term)).length;
      return covers(said / question.length, question.length);
    });
  if (carried.length > 0) return carried;
  return matches.hits.filter((hit) => hit.coverage >= MIN_SENTENCE_COVERAGE);
}
