import type { Db } from '../db';
import type { UsageKind } from './usage-events';

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
