import type { PassageHit } from './transcript-index';

// Tuned on the test lectures (services/ai/test/ask.int-spec.ts): a question is answered when a window of the
// transcript holds all of its search terms when it has one or two, at least half when it has more (a question
// about something else shares one word with a lecture now and then, rarely half of its words) ...
const MIN_COVERAGE_OF_LONG_QUESTIONS = 0.5;
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

/** Whether the best window found for a question shows that the transcript speaks about it. */
export function isAnswerable(best: PassageHit | undefined, windows: number): best is PassageHit {
  const floor =
    windows <= FEW_WINDOWS ? 0 : Math.min(MAX_SCORE_FLOOR, SHARE_OF_RAREST_WORD * rarestWordIdf(windows));
  if (!best || best.score < floor) return false;
  return best.terms <= 2 ? best.coverage === 1 : best.coverage >= MIN_COVERAGE_OF_LONG_QUESTIONS;
}
