import { z } from 'zod';
import { AiContentItemSchema, UserSchema, VideoSchema } from './entities';
import { REVIEW_STATES, ReviewRatingSchema } from './review';
import { AiQuestionSchema } from './questions';

export const ACCOUNT_EXPORT_FORMAT = 'lectern-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

/** A flashcard the user reviews, with its schedule and every rating given (retired: its question is gone). */
export const AccountExportReviewCardSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  retired: z.boolean(),
  due: z.string(),
  state: z.enum(REVIEW_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string().nullable(),
  reviews: z.array(z.object({ rating: ReviewRatingSchema, reviewedAt: z.string() })),
});
export type AccountExportReviewCard = z.infer<typeof AccountExportReviewCardSchema>;

/** One library entry with everything the user made on it: transcript, highlights, notes, AI content, questions, reviews. */
export const AccountExportVideoSchema = VideoSchema.extend({
  notesUpdatedAt: z.string().nullable(),
  aiContent: z.array(AiContentItemSchema),
  /** The questions asked about the video (Ask) and their answers, oldest first. */
  questions: z.array(AiQuestionSchema),
  reviewCards: z.array(AccountExportReviewCardSchema),
});
export type AccountExportVideo = z.infer<typeof AccountExportVideoSchema>;

/** `GET /api/auth/me/export`: a person's whole account as one JSON file, and nothing of anyone else. */
export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.string(),
  account: UserSchema,
  library: z.array(AccountExportVideoSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
