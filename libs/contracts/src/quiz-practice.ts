import { z } from 'zod';
import { normalizeQuizOption, QUIZ_OPTION_COUNT, type QuizQuestion } from './quiz';

/** A question's id in a quiz: `q` and its place, from 1. */
export const QUIZ_QUESTION_ID_PATTERN = /^q[1-9][0-9]{0,3}$/u;

/** The longest text a student may keep with a short answer they marked themselves. */
export const QUIZ_ANSWER_TEXT_MAX = 5_000;

const CHOICE_MESSAGE = `choice must be the index of the chosen option, a whole number from 0 to ${QUIZ_OPTION_COUNT - 1} (A to D).`;

/**
 * One answer as a student gives it: for a multiple-choice question the index of the chosen option (0 is A,
 * 3 is D); for a short-answer question their own mark against the model answer, with what they wrote if they
 * want it kept.
 */
export const QuizGivenAnswerSchema = z
  .strictObject(
    {
      choice: z
        .number({ error: CHOICE_MESSAGE })
        .int(CHOICE_MESSAGE)
        .min(0, CHOICE_MESSAGE)
        .max(QUIZ_OPTION_COUNT - 1, CHOICE_MESSAGE)
        .optional(),
      mark: z.enum(['right', 'wrong'], { error: 'mark must be "right" or "wrong".' }).optional(),
      text: z
        .string({ error: 'text must be text.' })
        .max(QUIZ_ANSWER_TEXT_MAX, `text must be at most ${QUIZ_ANSWER_TEXT_MAX} characters.`)
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'An answer gives only choice, or mark with an optional text.'
          : 'Each answer must be an object such as { "choice": 2 } or { "mark": "right" }.',
    },
  )
  .refine((answer) => (answer.choice === undefined) !== (answer.mark === undefined), {
    message: 'Each answer gives either choice (0 to 3) or mark ("right" or "wrong"), not both or neither.',
  })
  .refine((answer) => answer.text === undefined || answer.mark !== undefined, {
    message: 'text is kept only with a short answer’s mark.',
  });
export type QuizGivenAnswer = z.infer<typeof QuizGivenAnswerSchema>;

/** `POST /api/quizzes/:id/attempts`: an answer for every question of the quiz, by question id. */
export const QuizAttemptRequestSchema = z.object(
  {
    answers: z.record(z.string().regex(QUIZ_QUESTION_ID_PATTERN), QuizGivenAnswerSchema, {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? 'answers are keyed by question id, such as "q1", "q2" and so on.'
          : 'answers must be an object giving an answer for each question id.',
    }),
  },
  { error: 'The request body must be a JSON object.' },
);
export type QuizAttemptRequest = z.input<typeof QuizAttemptRequestSchema>;

/** How one question of an attempt went. */
export const QuizQuestionResultSchema = z.object({ questionId: z.string(), correct: z.boolean() });
export type QuizQuestionResult = z.infer<typeof QuizQuestionResultSchema>;

/** A stored attempt, as `POST /api/quizzes/:id/attempts` answers it and `GET /api/quizzes/:videoId/attempts` lists it. */
export const QuizAttemptSchema = z.object({
  id: z.string(),
  /** The quiz (its ai_content item) the attempt answered. */
  quizId: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  results: z.array(QuizQuestionResultSchema),
  createdAt: z.string(),
});
export type QuizAttempt = z.infer<typeof QuizAttemptSchema>;

/**
 * The attempt's answers checked against its quiz: whether each question was answered right (a choice by the
 * option's index, a short answer by the student's own mark), or why the answers do not fit the quiz: an
 * unknown question id, a question left out, or an answer of the other kind.
 */
export function markQuizAnswers(
  questions: readonly QuizQuestion[],
  answers: Readonly<Record<string, QuizGivenAnswer>>,
): { results: QuizQuestionResult[] } | { problem: string } {
  const known = new Set(questions.map((question) => question.id));
  const unknown = Object.keys(answers).find((id) => !known.has(id));
  if (unknown !== undefined) return { problem: `This quiz has no question ${unknown}.` };
  const results: QuizQuestionResult[] = [];
  for (const question of questions) {
    const answer = answers[question.id];
    if (answer === undefined) return { problem: `Please answer question ${question.id}.` };
    if (question.kind === 'choice') {
      if (answer.choice === undefined)
        return { problem: `Question ${question.id} is multiple choice: answer it with choice (0 to 3).` };
      const chosen = question.options?.[answer.choice] ?? '';
      results.push({
        questionId: question.id,
        correct: normalizeQuizOption(chosen) === normalizeQuizOption(question.answer),
      });
    } else {
      if (answer.mark === undefined)
        return {
          problem: `Question ${question.id} is a short answer: mark it "right" or "wrong" against the model answer.`,
        };
      results.push({ questionId: question.id, correct: answer.mark === 'right' });
    }
  }
  return { results };
}

/** The student's quiz settings (`GET` and `PUT /api/quiz-settings`). */
export const QuizSettingsSchema = z.object(
  {
    /** Every question answered wrong in an attempt becomes a review card at once. */
    autoReviewWrongAnswers: z.boolean({ error: 'autoReviewWrongAnswers must be true or false.' }),
  },
  { error: 'The request body must be a JSON object.' },
);
export type QuizSettings = z.infer<typeof QuizSettingsSchema>;

/** What `POST /api/quizzes/:id/questions/:questionId/review` answers: the question's card in the review deck. */
export const QuizReviewCardSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  quizId: z.string(),
  questionId: z.string(),
  due: z.string(),
  moment: z.object({ start: z.number() }),
  /** False when the question was already a card: nothing was added twice. */
  added: z.boolean(),
});
export type QuizReviewCard = z.infer<typeof QuizReviewCardSchema>;
