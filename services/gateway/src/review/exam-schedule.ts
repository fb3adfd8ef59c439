const DAY_MS = 24 * 60 * 60 * 1000;

/** FSRS's desired retention far from any exam (ts-fsrs's default, Anki's). */
export const NORMAL_RETENTION = 0.9;
/** The desired retention on the eve of an exam. */
export const EVE_RETENTION = 0.97;
/** How many days before an exam the desired retention starts rising. */
export const EXAM_RAMP_DAYS = 30;

/** When the exam day begins (00:00 UTC): cards must be seen by then, and scheduling is normal after it. */
export function examDeadline(examDate: string): Date {
  return new Date(`${examDate}T00:00:00.000Z`);
}

/** Whole UTC days from `now`'s day to the exam day: 1 the day before, 0 on the exam day, negative after. */
export function examDaysLeft(examDate: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((examDeadline(examDate).getTime() - today) / DAY_MS);
}

/**
 * The exam a card is scheduled for, as rating needs it: the deadline its next due may not pass and the desired
 * retention for the days left. Null once the exam day has begun (or with no exam): scheduling is normal.
 *
 * The retention rises in hundredths, linearly with the days left: NORMAL_RETENTION EXAM_RAMP_DAYS or more days
 * before, EVE_RETENTION the day before.
 */
export function examScheduling(
  examDate: string | null,
  now: Date,
): { deadline: Date; retention: number } | null {
  if (examDate === null) return null;
  const deadline = examDeadline(examDate);
  if (now.getTime() >= deadline.getTime()) return null;
  const days = Math.min(Math.max(examDaysLeft(examDate, now), 1), EXAM_RAMP_DAYS);
  const rise = Math.round(
    ((EVE_RETENTION - NORMAL_RETENTION) * 100 * (EXAM_RAMP_DAYS - days)) / (EXAM_RAMP_DAYS - 1),
  );
  return { deadline, retention: (NORMAL_RETENTION * 100 + rise) / 100 };
}

/** A next due that never falls past the deadline, and the whole days between the review and it. */
export function clampDue(
  next: { due: Date; scheduled_days: number },
  reviewedAt: Date,
  deadline: Date,
): { due: Date; scheduled_days: number } {
  if (next.due.getTime() <= deadline.getTime()) return next;
  return {
    due: deadline,
    scheduled_days: Math.max(0, Math.floor((deadline.getTime() - reviewedAt.getTime()) / DAY_MS)),
  };
}
