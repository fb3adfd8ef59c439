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

// A question about something the lecture never names: one of its few search terms, or two of its many, is said
// nowhere in the transcript ("How does merge sort work?" asked of a lecture on recursion that says "sort of").
const UNSAID_TERMS_OF_SHORT_QUESTIONS = 1;
const UNSAID_TERMS_OF_LONG_QUESTIONS = 2;
const SHORT_QUESTION_TERMS = 3;

/** How many of the given search terms of the question no passage holds. */
export function unsaidTerms(matches: PassageMatches, terms: readonly string[] = matches.terms): number {
  return terms.filter((term) => !matches.frequency.has(term)).length;
}

/**
 * Whether the windows found for a question show that the transcript speaks about it. In English, a question
 * naming a topic the transcript never says is not covered, and a window holding every one of the question's terms
 * speaks about it however common they are in this lecture: a question about the lecture's own topic ("What is
 * recursion?" of a lecture on recursion) asks about its most frequent word.
 */
export function isAnswerable(
  windows: PassageMatches,
  windowCount: number,
  reading: { english: boolean; topicTerms: (terms: readonly string[]) => string[] },
): boolean {
  const best = windows.hits[0];
  if (!best) return false;
  // Without stop words and stems (languages other than English) a question's unsaid words may be function words.
  if (reading.english) {
    const topic = reading.topicTerms(windows.terms);
    const tooMany =
      topic.length <= SHORT_QUESTION_TERMS ? UNSAID_TERMS_OF_SHORT_QUESTIONS : UNSAID_TERMS_OF_LONG_QUESTIONS;
    if (unsaidTerms(windows, topic) >= tooMany) return false;
    if (windows.hits.some((hit) => hit.coverage === 1)) return true;
  }
  const floor =
    windowCount <= FEW_WINDOWS
      ? 0
      : Math.min(MAX_SCORE_FLOOR, SHARE_OF_RAREST_WORD * rarestWordIdf(windowCount));
  if (best.score < floor) return false;
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
  shapeOf: (hit: PassageHit) => number = () => 0,
): PassageHit[] {
  const question = matches.terms;
  const rarest = rarestTerms(matches);
  // A sentence shaped as an answer (a definition of the term, the question's words in its order) comes first.
  const shapes = new Map(matches.hits.map((hit) => [hit, shapeOf(hit)]));
  const ranked = [...matches.hits].sort((a, b) => (shapes.get(b) ?? 0) - (shapes.get(a) ?? 0));
  const carried = ranked
    .filter((hit) => hit.held.some((term) => rarest.has(term)))
    .slice(0, CONTEXTS_WEIGHED)
    .filter((hit) => {
      const around = termsAround(hit);
      const said = question.filter((term) => around.has(term)).length;
      return covers(said / question.length, question.length);
    });
  if (carried.length > 0) return carried;
  return ranked.filter((hit) => hit.coverage >= MIN_SENTENCE_COVERAGE);
}

/** The question's terms held by the fewest passages: what the question is most specifically about. */
export function rarestTerms(matches: PassageMatches): Set<string> {
  let fewest = Number.POSITIVE_INFINITY;
  for (const count of matches.frequency.values()) fewest = Math.min(fewest, count);
  return new Set([...matches.frequency].filter(([, count]) => count === fewest).map(([term]) => term));
}
