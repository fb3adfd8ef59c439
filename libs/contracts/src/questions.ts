import { z } from 'zod';

/** The longest question a user may ask about a video, in characters. */
export const MAX_QUESTION_LENGTH = 500;

/** The whole answer when the transcript cannot support one: said instead of inventing. */
export const NOT_COVERED_ANSWER = 'The video does not cover this.';

// PostgreSQL cannot store the NUL character in text: refused up front rather than failing on the way in.
const withoutNul = (value: string) => !value.includes('\u0000');

/** `POST /api/ai/ask`: a question about one of the user's videos. */
export const AskRequestSchema = z.object({
  videoId: z
    .string({ error: 'A videoId is required.' })
    .refine((value) => value.trim() !== '', 'A videoId is required.'),
  question: z
    .string({ error: 'A question is required.' })
    .trim()
    .min(1, 'Please type a question.')
    .max(MAX_QUESTION_LENGTH, `A question must be at most ${MAX_QUESTION_LENGTH} characters long.`)
    .refine(withoutNul, 'A question cannot contain the NUL character.'),
});
export type AskRequest = z.input<typeof AskRequestSchema>;

/** A moment an answer rests on: where it starts in the video (seconds) and the transcript's words there. */
export const AnswerCitationSchema = z.object({
  start: z.number().nonnegative(),
  text: z.string(),
});
export type AnswerCitation = z.infer<typeof AnswerCitationSchema>;

/** One question of a video's thread and its answer, which cites its moments as `[m:ss]` (`h:mm:ss` past an hour). */
export const AiQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The moments the answer cites, in the order it cites them; empty when the video does not cover the question. */
  citations: z.array(AnswerCitationSchema),
  engine: z.string(),
  model: z.string(),
  createdAt: z.string(),
});
export type AiQuestion = z.infer<typeof AiQuestionSchema>;

/** The 404 of a question that is missing or someone else's. */
export const QUESTION_NOT_FOUND = 'Question not found.';
