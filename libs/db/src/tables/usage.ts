import type { Db } from '../db';

// The Free plan's usage ledger: the uses recorded (usage_events) and the uses held by jobs still running
// (usage_reservations), which count together.

/** What counts against the Free plan's monthly limits. */
export type UsageKind = 'transcript' | 'ai_generation' | 'ai_question';

/** A `usage_events` row: one counted use, unique per counted thing so nothing is ever counted twice. */
export interface UsageEventRow {
  id: string;
  user_id: string;
  kind: UsageKind;
  /** The calendar month in UTC, e.g. "2026-11". */
  month: string;
  subject_id: string;
  created_at: Date;
}

/** Uses recorded in the month plus uses reserved by jobs still running (usage_reservations). */
export async function countUsesHeld(db: Db, userId: string, kind: UsageKind, month: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `SELECT (SELECT count(*) FROM usage_events WHERE user_id = $1 AND kind = $2 AND month = $3)
          + (SELECT count(*) FROM usage_reservations WHERE user_id = $1 AND kind = $2 AND expires_at > now())
            AS count`,
    [userId, kind, month],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Records the use of `subjectId` (a second record of the same subject changes nothing). */
export async function recordUsage(
  db: Db,
  use: { userId: string; kind: UsageKind; month: string; subjectId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (user_id, kind, month, subject_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind, subject_id) DO NOTHING`,
    [use.userId, use.kind, use.month, use.subjectId],
  );
}

/** The month's counts the usage page shows: uses of each kind and notes written (videos.notes_updated_at). */
export async function findUsageOfMonth(
  db: Db,
  userId: string,
  month: string,
): Promise<{ transcripts: number; generations: number; questions: number; notes: number }> {
  const { rows } = await db.query<{
    transcripts: string;
    generations: string;
    questions: string;
    notes: string;
  }>(
    `SELECT
       (SELECT count(*) FROM usage_events WHERE user_id = $1 AND kind = 'transcript' AND month = $2) AS transcripts,
       (SELECT count(*) FROM usage_events WHERE user_id = $1 AND kind = 'ai_generation' AND month = $2) AS generations,
       (SELECT count(*) FROM usage_events WHERE user_id = $1 AND kind = 'ai_question' AND month = $2) AS questions,
       (SELECT count(*) FROM videos WHERE user_id = $1 AND notes <> ''
          AND to_char(notes_updated_at AT TIME ZONE 'UTC', 'YYYY-MM') = $2) AS notes`,
    [userId, month],
  );
  const row = rows[0];
  return {
    transcripts: Number(row?.transcripts ?? 0),
    generations: Number(row?.generations ?? 0),
    questions: Number(row?.questions ?? 0),
    notes: Number(row?.notes ?? 0),
  };
}

/**
 * A `usage_reservations` row: a Free user's use held by a job still running. It counts until the job's result
 * is recorded (or the job fails), and stops counting at expires_at if its gateway crashed.
 */
export interface UsageReservationRow {
  id: string;
  user_id: string;
  kind: UsageKind;
  /** Lets a second request for the same thing share the first one's reservation. */
  subject_key: string;
  reserved_at: Date;
  expires_at: Date;
}

export async function deleteExpiredReservations(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM usage_reservations WHERE user_id = $1 AND expires_at <= now()', [userId]);
}

export async function hasReservation(
  db: Db,
  userId: string,
  kind: UsageKind,
  subjectKey: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM usage_reservations WHERE user_id = $1 AND kind = $2 AND subject_key = $3',
    [userId, kind, subjectKey],
  );
  return rows.length > 0;
}

/** Reserves a use for `seconds`; answers the reservation's id. */
export async function insertReservation(
  db: Db,
  reservation: { userId: string; kind: UsageKind; subjectKey: string; seconds: number },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO usage_reservations (user_id, kind, subject_key, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [reservation.userId, reservation.kind, reservation.subjectKey, reservation.seconds],
  );
  return rows[0]!.id;
}

export async function deleteReservation(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM usage_reservations WHERE id = $1', [id]);
}

export async function deleteSubjectReservations(
  db: Db,
  userId: string,
  kind: UsageKind,
  subjectKey: string,
): Promise<void> {
  await db.query('DELETE FROM usage_reservations WHERE user_id = $1 AND kind = $2 AND subject_key = $3', [
    userId,
    kind,
    subjectKey,
  ]);
}
