import { writeQuiz, type QuizQuestionDraft } from './quiz';
import type { QuizGivenAnswer } from './quiz-practice';

// What the tests of every project share about quizzes (`@lectern/contracts/testing`): never imported by code that
// ships, which uses `@lectern/contracts` alone.

/**
 * A quiz of the tides lecture as the engines write it: two choice questions (their right options A and B) and a
 * short-answer one. Their text holds every character GIFT gives a meaning (`~ = # { } :` and
 * `\`), HTML's `<` and `&`, Markdown's `*`, Chinese, and one moment past an hour, so exports are tested on it.
 */
export const QUIZ_QUESTIONS: readonly QuizQuestionDraft[] = [
  {
    kind: 'choice',
    prompt: 'What does the sea do twice a day?',
    options: ['It rises', 'It freezes', 'It turns salty', 'It stops'],
    answer: 'It rises',
    explanation: 'The lecture says the sea rises twice a day [0:22]; it never freezes, turns salty or stops.',
    moment: { start: 22 },
  },
  {
    kind: 'choice',
    prompt: 'In {set} notation, which holds: a = b ~ c # d, or x: y\\z?',
    options: ['a = b ~ c # d', 'x: y\\z', '{ } only', '3 < 5 & 4 > 2'],
    answer: 'x: y\\z',
    explanation: 'Only x: y\\z holds [1:02:05], because {set} & <tags> say so.',
    moment: { start: 3725 },
  },
  {
    kind: 'short',
    prompt: 'Which energy is clean, in Chinese?',
    answer: '潮汐能 *tidal* energy',
    explanation: 'Tidal energy, 潮汐能, is clean [0:37].',
    moment: { start: 37 },
  },
];

/** The quiz as it is stored (`writeQuiz`'s Markdown). */
export const QUIZ_TEXT = writeQuiz(QUIZ_QUESTIONS);

/** The index of a choice question's right option. */
export function rightChoice(question: QuizQuestionDraft): number {
  return (question.options ?? []).indexOf(question.answer);
}

/**
 * An attempt's answers to `questions` (ids q1, q2…): every one right but those whose ids are in `wrong` (a choice
 * question answered with the option after the right one, a short answer marked wrong by the student).
 */
export function quizAnswers(
  questions: readonly QuizQuestionDraft[],
  wrong: readonly string[] = [],
): Record<string, QuizGivenAnswer> {
  return Object.fromEntries(
    questions.map((question, index): [string, QuizGivenAnswer] => {
      const id = `q${index + 1}`;
      const right = !wrong.includes(id);
      if (question.kind === 'short') return [id, { mark: right ? 'right' : 'wrong', text: 'My answer' }];
      const choice = rightChoice(question);
      return [id, { choice: right ? choice : (choice + 1) % (question.options?.length ?? 4) }];
    }),
  );
}
