import type { Db } from '../db';

/** A `stripe_events` row: a verified webhook event, stored before Stripe is answered; the id makes a replay a no-op. */
export interface StripeEventRow {
  id: string;
  type: string;
  payload: { data?: { object?: Record<string, unknown> } };
  received_at: Date;
  /** Set by the billing worker; a replayed event finds it set and changes nothing. */
  processed_at: Date | null;
  outcome: string | null;
}

/** Stores the event unless it is stored already (`payload` is the event as JSON text). */
export async function insertStripeEventIfAbsent(
  db: Db,
  event: { id: string; type: string; payload: string },
): Promise<void> {
  await db.query(
    'INSERT INTO stripe_events (id, type, payload) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [event.id, event.type, event.payload],
  );
}

export type StoredStripeEventRow = Pick<StripeEventRow, 'id' | 'type' | 'payload' | 'processed_at'>;

export async function findStripeEvent(db: Db, id: string): Promise<StoredStripeEventRow | null> {
  const { rows } = await db.query<StoredStripeEventRow>(
    'SELECT id, type, payload, processed_at FROM stripe_events WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Stored events not processed although received at least `olderThanMs` ago, oldest first. */
export async function findUnprocessedStripeEventIds(
  db: Db,
  olderThanMs: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM stripe_events
      WHERE processed_at IS NULL AND received_at <= now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY received_at, id LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((row) => row.id);
}

/** Records the outcome, once: an event already processed keeps its first outcome. */
export async function markStripeEventProcessed(db: Db, id: string, outcome: string): Promise<void> {
  await db.query(
    'UPDATE stripe_events SET processed_at = now(), outcome = $2 WHERE id = $1 AND processed_at IS NULL',
    [id, outcome],
  );
}
