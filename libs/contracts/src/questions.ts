import { z } from 'zod';

/** The longest question a user may ask about a video, in characters. */
export const MAX_QUESTION_LENGTH = 500;

/** The whole answer when the transcript cannot support one: said instead of inventing. */
export const NOT_COVERED_ANSWER = 'The video does not cover this.';

/** A course's NOT_COVERED_ANSWER: none of its lectures supports an answer. */
export const COURSE_NOT_COVERED_ANSWER = 'The course does not cover this.';

// PostgreSQL cannot store the NUL character in text: refused up front rather than failing on the way in.
const withoutNul = (value: string) => !value.includes('\u0000');

const question = z
  .string({ error: 'A question is required.' })
  .trim()
  .min(1, 'Please type a question.')
  .max(MAX_QUESTION_LENGTH, `A question must be at most ${MAX_QUESTION_LENGTH} characters long.`)
  .refine(withoutNul, 'A question cannot contain the NUL character.');

const idOf = (field: 'videoId' | 'courseId') =>
  z
    .string({ error: `A ${field} is required.` })
    .refine((value) => value.trim() !== '', `A ${field} is required.`);

/** `POST /api/ai/ask`: a question about one of the user's videos. */
export const AskRequestSchema = z.object({ videoId: idOf('videoId'), question });
export type AskRequest = z.input<typeof AskRequestSchema>;

/** `POST /api/ai/ask` with a `courseId`: a question about one of the user's courses, answered from all its lectures. */
export const CourseAskRequestSchema = z.object({ courseId: idOf('courseId'), question });
export type CourseAskRequest = z.input<typeof CourseAskRequestSchema>;

/** The 400 of an ask naming both a video and a course. */
export const ASK_VIDEO_OR_COURSE = 'Ask about either a videoId or a courseId, not both.';

/**
 * A moment an answer rests on: where it starts in the video (seconds) and the transcript's words there. A course's
 * answer also names the lecture (`videoId`, one of the user's videos); a video's answer never does.
 */
export const AnswerCitationSchema = z.object({
  start: z.number().nonnegative(),
  text: z.string(),
  videoId: z.string().optional(),
});
export type AnswerCitation = z.infer<typeof AnswerCitationSchema>;

/**
 * One question of a video's or a course's thread and its answer. A video's answer cites its moments as `[m:ss]`
 * (`h:mm:ss` past an hour); a course's as `[Lecture 3, 12:34]`, the lecture's number in the course's order.
 */
export const AiQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The moments the answer cites, in the order it cites them; empty when the video does not cover the question. */
  citations: z.array(AnswerCitationSchema),
  engine: z.string(),
  model: z.string(),
  /** Set on a course's question: the course it was asked of. */
  courseId: z.string().optional(),
  createdAt: z.string(),
});
export type AiQuestion = z.infer<typeof AiQuestionSchema>;

/** The 404 of a question that is missing or someone else's. */
export const QUESTION_NOT_FOUND = 'Question not found.';

/** The 422 of asking a course none of whose lectures has a transcript yet. */
export const COURSE_NOT_READY_TO_ASK =
  "None of this course's lectures is analysed yet: add a lecture from your library, or wait for the import, then ask.";
