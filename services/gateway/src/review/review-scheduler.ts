import type { ReviewRating, ReviewState } from '@lectern/contracts';
import type { ReviewLogRow, ReviewSchedule } from '@lectern/db';
import { clampDue, examScheduling } from './exam-schedule';
import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
  type RecordLogItem,
} from 'ts-fsrs';

/**
 * FSRS as ts-fsrs ships it (Anki's default retention of 90 %, its learning steps of 1 and 10 minutes), with
 * fuzz on so that cards learnt together do not all fall due on the same day again. The fuzz is seeded from the
 * card and the review time, so the same inputs always give the same schedule.
 */
export const REVIEW_SCHEDULER_PARAMETERS = generatorParameters({ enable_fuzz: true });

const scheduler = fsrs(REVIEW_SCHEDULER_PARAMETERS);

// One scheduler per desired retention used before an exam (they go in hundredths: a handful at most).
const examSchedulers = new Map<number, FSRS>();
function schedulerFor(retention: number | null): FSRS {
  if (retention === null) return scheduler;
  let found = examSchedulers.get(retention);
  if (!found) {
    found = fsrs({ ...REVIEW_SCHEDULER_PARAMETERS, request_retention: retention });
    examSchedulers.set(retention, found);
  }
  return found;
}

const GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

const STATES: Record<State, ReviewState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

const STATE_OF: Record<ReviewState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** The schedule of a card never reviewed: due at once. */
export function newCardSchedule(now: Date): ReviewSchedule {
  return fromCard(createEmptyCard(now));
}

/** ts-fsrs refused the card's schedule as it is stored (a rating cannot be applied to it). */
export class UnschedulableCardError extends Error {}

/**
 * The card's schedule after a rating given at `now`, and the log line that records it. A rating never counts
 * as given before the card's last review: gateways' clocks differ by a little, and ts-fsrs refuses a review on
 * an earlier UTC date than the last one. Any other refusal of ts-fsrs, or a schedule it cannot compute from the
 * card as stored, is an UnschedulableCardError.
 *
 * Before the exam of the card's video (`examDate`, `YYYY-MM-DD`), FSRS asks a higher retention as the day
 * nears and the next due never falls past the start of the exam day (exam-schedule.ts).
 */
export function rate(
  schedule: ReviewSchedule,
  rating: ReviewRating,
  now: Date,
  examDate: string | null = null,
): { schedule: ReviewSchedule; log: Omit<ReviewLogRow, 'card_id'> } {
  const at = schedule.last_review && schedule.last_review > now ? schedule.last_review : now;
  const exam = examScheduling(examDate, at);
  const { card, log } = nextOrRefusal(
    schedulerFor(exam?.retention ?? null),
    toCard(schedule),
    at,
    GRADES[rating],
  );
  const next = fromCard(card);
  return {
    schedule: exam ? { ...next, ...clampDue(next, at, exam.deadline) } : next,
    log: {
      rating,
      state: STATES[log.state],
      due: log.due,
      stability: log.stability,
      difficulty: log.difficulty,
      elapsed_days: log.elapsed_days,
      last_elapsed_days: log.last_elapsed_days,
      scheduled_days: log.scheduled_days,
      learning_steps: log.learning_steps,
      reviewed_at: log.review,
    },
  };
}

function nextOrRefusal(chosen: FSRS, card: Card, at: Date, grade: Grade) {
  let next: RecordLogItem;
  try {
    next = chosen.next(card, at, grade);
  } catch (error) {
    // ts-fsrs does not export its error classes; its validation errors are named.
    if (error instanceof Error && error.name === 'FSRSValidationError') {
      throw new UnschedulableCardError(error.message, { cause: error });
    }
    throw error;
  }
  // A schedule ts-fsrs cannot compute (NaN stability, a date at infinity) comes back as NaN rather than thrown.
  const { due, stability, difficulty } = next.card;
  if (![due.getTime(), stability, difficulty].every(Number.isFinite)) {
    throw new UnschedulableCardError('FSRS computed no schedule for the card as stored.');
  }
  return next;
}

function toCard(schedule: ReviewSchedule): Card {
  return {
    due: schedule.due,
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    elapsed_days: schedule.elapsed_days,
    scheduled_days: schedule.scheduled_days,
    learning_steps: schedule.learning_steps,
    reps: schedule.reps,
    lapses: schedule.lapses,
    state: STATE_OF[schedule.state],
    last_review: schedule.last_review ?? undefined,
  };
}

function fromCard(card: Card): ReviewSchedule {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state],
    last_review: card.last_review ?? null,
  };
}
