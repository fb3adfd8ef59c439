import { z } from 'zod';
import { CourseAiContentItemSchema } from './course-ai-content';
import { CourseSchema } from './courses';
import { AiContentItemSchema, UserSchema, VideoSchema } from './entities';
import { REVIEW_STATES, ReviewRatingSchema } from './review';
import { AiQuestionSchema } from './questions';
import { QuizAttemptSchema, QuizGivenAnswerSchema } from './quiz-practice';

export const ACCOUNT_EXPORT_FORMAT = 'lectern-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

/**
 * One rating, with the schedule the card had before it: ts-fsrs's `ReviewLog` field for field (`due` is the
 * card's last review, or its due date when it had none), enough to replay or reschedule the card elsewhere.
 */
export const AccountExportReviewSchema = z.object({
  rating: ReviewRatingSchema,
  reviewedAt: z.string(),
  state: z.enum(REVIEW_STATES),
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number().int(),
  lastElapsedDays: z.number().int(),
  scheduledDays: z.number().int(),
  learningSteps: z.number().int(),
});
export type AccountExportReview = z.infer<typeof AccountExportReviewSchema>;

/**
 * A flashcard or quiz question the user reviews, with its whole FSRS schedule (ts-fsrs's `Card`) and every rating
 * given, oldest first (retired: its flashcard is gone).
 */
export const AccountExportReviewCardSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  source: z.enum(['flashcards', 'quiz']),
  /** The moment a quiz question's card comes from. */
  moment: z.object({ start: z.number() }).optional(),
  retired: z.boolean(),
  due: z.string(),
  state: z.enum(REVIEW_STATES),
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number().int(),
  scheduledDays: z.number().int(),
  learningSteps: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string().nullable(),
  reviews: z.array(AccountExportReviewSchema),
});
export type AccountExportReviewCard = z.infer<typeof AccountExportReviewCardSchema>;

/** One library entry with everything the user made on it: transcript, highlights, notes, AI content, questions, reviews. */
export const AccountExportVideoSchema = VideoSchema.extend({
  notesUpdatedAt: z.string().nullable(),
  aiContent: z.array(AiContentItemSchema),
  /** The questions asked about the video (Ask) and their answers, oldest first. */
  questions: z.array(AiQuestionSchema),
  reviewCards: z.array(AccountExportReviewCardSchema),
  /** The day of the exam the video is studied for, or null. */
  examDate: z.string().nullable(),
  /** Every attempt at the video's quizzes with the answers given, oldest first. */
  quizAttempts: z.array(QuizAttemptSchema.extend({ answers: z.record(z.string(), QuizGivenAnswerSchema) })),
});
export type AccountExportVideo = z.infer<typeof AccountExportVideoSchema>;

/** `GET /api/auth/me/export`: a person's whole account as one JSON file, and nothing of anyone else. */
export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.string(),
  account: UserSchema,
  library: z.array(AccountExportVideoSchema),
  /**
   * The user's courses, newest first, each with its lectures in order (videos by their library ids), the
   * questions asked of the whole course, and its outlines and summaries (oldest first; absent in older exports).
   */
  courses: z.array(
    CourseSchema.extend({
      questions: z.array(AiQuestionSchema),
      aiContent: z.array(CourseAiContentItemSchema).optional(),
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
