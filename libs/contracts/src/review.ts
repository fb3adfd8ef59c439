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

/**
 * `GET /api/review/due?videoId=&courseId=&limit=`: the optional filter to one video of the library or to the
 * lectures of one course (not both), and how many to list.
 */
export const DueCardsQuerySchema = z
  .object({
    videoId: z.string({ error: 'videoId must be text.' }).optional(),
    courseId: z.string({ error: 'courseId must be text.' }).optional(),
    limit: z
      .string({ error: LIMIT_MESSAGE })
      .regex(/^[1-9][0-9]{0,5}$/u, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().max(DUE_CARDS_MAX_LIMIT, LIMIT_MESSAGE))
      .default(DUE_CARDS_DEFAULT_LIMIT),
  })
  .refine((query) => query.videoId === undefined || query.courseId === undefined, {
    message: 'Give videoId or courseId, not both.',
  });

/** A card due for review, as `GET /api/review/due` lists it. */
export const DueCardSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  question: z.string(),
  answer: z.string(),
  due: z.string(),
  /** The moment of the lecture the card's question comes from (cards of quiz questions; flashcards have none). */
  moment: z.object({ start: z.number() }).optional(),
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

const EXAM_DATE_MESSAGE = 'date must be a day such as "2026-06-15", or null to remove the exam date.';

export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** `PUT /api/videos/:id/exam`: the day of the exam the video is studied for (UTC), or null for none. */
export const ExamDateRequestSchema = z.object(
  {
    date: z
      .string({ error: EXAM_DATE_MESSAGE })
      .regex(/^\d{4}-\d{2}-\d{2}$/u, EXAM_DATE_MESSAGE)
      .refine((day) => isCalendarDay(day), {
        message: 'date is not a day of the calendar.',
      })
      .nullable(),
  },
  { error: 'The request body must be a JSON object.' },
);
export type ExamDateRequest = z.input<typeof ExamDateRequestSchema>;

/** A video's exam date, as `PUT /api/videos/:id/exam` answers it. */
export const ExamDateSchema = z.object({ videoId: z.string(), examDate: z.string().nullable() });
export type ExamDate = z.infer<typeof ExamDateSchema>;

const EXAM_PACE_TARGET = 'Give videoId or courseId (one of them).';

/** `GET /api/review/exam?videoId=` or `?courseId=`: exactly one of the two. */
export const ExamPaceQuerySchema = z
  .object({
    videoId: z.string({ error: 'videoId must be text.' }).optional(),
    courseId: z.string({ error: 'courseId must be text.' }).optional(),
  })
  .refine((query) => (query.videoId === undefined) !== (query.courseId === undefined), {
    message: EXAM_PACE_TARGET,
  });

/**
 * How review stands before a video's exam (`GET /api/review/exam?videoId=`). `cardsLeft` are the video's cards
 * due before the exam day begins (00:00 UTC), overdue and new ones included; `daysLeft` the UTC days from today
 * to the exam day, today counted. New cards are introduced at most NEW_CARDS_PER_DAY a day, so the pace is
 * enough when the new cards left fit in the days left: ceil(newCardsLeft / NEW_CARDS_PER_DAY) <= daysLeft (the
 * cards already learnt are scheduled to fall due before the exam day whatever their interval). With no exam date,
 * or once the exam day has begun, every count is 0 and the pace is enough.
 */
export const ExamPaceSchema = z.object({
  videoId: z.string(),
  examDate: z.string().nullable(),
  daysLeft: z.number().int(),
  cardsLeft: z.number().int(),
  newCardsLeft: z.number().int(),
  /** The reviews a day that see every card left before the exam: ceil(cardsLeft / daysLeft). */
  cardsPerDay: z.number().int(),
  paceEnough: z.boolean(),
});
export type ExamPace = z.infer<typeof ExamPaceSchema>;

/**
 * How review stands before a course's exam (`GET /api/review/exam?courseId=`): as ExamPaceSchema, counted over
 * the cards of every lecture of the course.
 */
export const CourseExamPaceSchema = ExamPaceSchema.omit({ videoId: true }).extend({ courseId: z.string() });
export type CourseExamPace = z.infer<typeof CourseExamPaceSchema>;

/** An exam still to come (`GET /api/review/exams`): a video's, or a course's (with `courseId`). */
export type UpcomingExam = ExamPace | CourseExamPace;
