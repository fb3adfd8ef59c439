import { createHash } from 'node:crypto';
import { normalizeQuizOption, type QuizQuestion, type QuizQuestionResult } from '@lectern/contracts';
import {
  addQuizReviewCard,
  findGoverningExamDate,
  lockReviewCardsByKey,
  recordReview,
  type Db,
  type QuizDeckCard,
  type ReviewCardRow,
} from '@lectern/db';
import { newCardSchedule, rate, UnschedulableCardError } from '../review/review-scheduler';

const OPTION_LETTERS = ['A', 'B', 'C', 'D'];

/**
 * The key that names a quiz question's card within a video's deck: its prompt as options are compared, hashed.
 * The same question asked again (twice added, or in a regenerated quiz) stays one card with its history.
 */
export function quizQuestionKey(prompt: string): string {
  return `quiz:${createHash('sha256').update(normalizeQuizOption(prompt)).digest('hex')}`;
}

/** A question as a card: the prompt (with its options), the answer with why, its place and its moment. */
export function quizDeckCard(question: QuizQuestion, position: number): QuizDeckCard {
  const options = (question.options ?? []).map((option, at) => `${OPTION_LETTERS[at]}. ${option}`);
  return {
    key: quizQuestionKey(question.prompt),
    question: [question.prompt, ...(options.length > 0 ? ['', ...options] : [])].join('\n'),
    answer: `${question.answer}\n\n${question.explanation}`,
    position,
    momentStart: question.moment.start,
  };
}

/** Adds the question to the user's review deck unless it is already a card there. */
export function addQuestionCard(
  db: Db,
  deck: { userId: string; videoId: string; now: Date },
  question: QuizQuestion,
  position: number,
): Promise<{ card: ReviewCardRow; added: boolean }> {
  return addQuizReviewCard(db, {
    userId: deck.userId,
    videoId: deck.videoId,
    fresh: newCardSchedule(deck.now),
    ...quizDeckCard(question, position),
  });
}

/**
 * What an attempt does to the review deck: a question that already has a card is rated `good` when answered
 * right and `again` when wrong (before the video's exam as the exam asks); a question answered wrong with no
 * card becomes one when the student asked for that (`addWrong`).
 */
export async function applyAttemptToDeck(
  db: Db,
  deck: { userId: string; videoId: string; now: Date; addWrong: boolean },
  questions: readonly QuizQuestion[],
  results: readonly QuizQuestionResult[],
): Promise<void> {
  const correct = new Map(results.map((result) => [result.questionId, result.correct]));
  const keyed = questions.map((question, at) => ({ question, at, key: quizQuestionKey(question.prompt) }));
  const cards = new Map(
    (await lockReviewCardsByKey(db, deck.videoId, [...new Set(keyed.map((q) => q.key))])).map((card) => [
      card.question_key,
      card,
    ]),
  );
  const examDate = (await findGoverningExamDate(db, deck.userId, deck.videoId)) ?? null;
  const rated = new Set<string>();
  for (const { question, at, key } of keyed) {
    const right = correct.get(question.id) ?? false;
    const card = cards.get(key);
    if (card && !rated.has(key)) {
      rated.add(key);
      const next = rateUnlessUnschedulable(card, right ? 'good' : 'again', deck.now, examDate);
      if (next) await recordReview(db, card.id, next.schedule, next.log);
    } else if (!card && !right && deck.addWrong) {
      await addQuestionCard(db, deck, question, at);
    }
  }
}

// A card whose stored schedule FSRS refuses keeps it: the attempt is stored all the same.
function rateUnlessUnschedulable(...args: Parameters<typeof rate>): ReturnType<typeof rate> | null {
  try {
    return rate(...args);
  } catch (error) {
    if (error instanceof UnschedulableCardError) return null;
    throw error;
  }
}
