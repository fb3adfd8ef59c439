import { z } from 'zod';

export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const ReviewRatingSchema = z.enum(REVIEW_RATINGS, {
  error: 'rating must be one of "again", "hard", "good" or "easy".',
});
export type ReviewRating = z.infer<typeof ReviewRatingSchema>;

/** Where a card is in FSRS's schedule: never seen, being learnt, in review, or relearnt after a lapse. */
export const REVIEW_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** `POST /api/review/:cardId` */
export const ReviewCardRequestSchema = z.object({ rating: ReviewRatingSchema });
export type ReviewCardRequest = z.input<typeof ReviewCardRequestSchema>;

/** `GET /api/review/due?videoId=`: the optional filter to one video of the library. */
export const DueCardsQuerySchema = z.object({
  videoId: z.string({ error: 'videoId must be text.' }).optional(),
});

/** A card due for review, as `GET /api/review/due` lists it. */
export const DueCardSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  question: z.string(),
  answer: z.string(),
  due: z.string(),
});
export type DueCard = z.infer<typeof DueCardSchema>;

/** What `POST /api/review/:cardId` answers: the card's place in the schedule after the rating. */
export const ReviewedCardSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  rating: ReviewRatingSchema,
  due: z.string(),
  state: z.enum(REVIEW_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  scheduledDays: z.number().int(),
  lastReview: z.string(),
});
export type ReviewedCard = z.infer<typeof ReviewedCardSchema>;
