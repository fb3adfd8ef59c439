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

/** How many cards `GET /api/review/due` answers unless `limit` says otherwise, and the most it answers. */
export const DUE_CARDS_DEFAULT_LIMIT = 100;
export const DUE_CARDS_MAX_LIMIT = 500;
/** The response header of `GET /api/review/due` giving how many cards are due in all, beyond `limit`. */
export const DUE_CARDS_TOTAL_HEADER = 'X-Total-Count';
/**
 * New (never rated) cards a student is given a UTC day, as Anki's default: the rest wait for the following days,
 * so a library of thousands of flashcards does not fall due at once.
 */
export const NEW_CARDS_PER_DAY = 20;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${DUE_CARDS_MAX_LIMIT}.`;

/** `GET /api/review/due?videoId=&limit=`: the optional filter to one video of the library, and how many to list. */
export const DueCardsQuerySchema = z.object({
  videoId: z.string({ error: 'videoId must be text.' }).optional(),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^[1-9][0-9]{0,5}$/u, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(DUE_CARDS_MAX_LIMIT, LIMIT_MESSAGE))
    .default(DUE_CARDS_DEFAULT_LIMIT),
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
