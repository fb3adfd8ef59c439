import type { Db } from '../db';

/** What is kept of an event until it is processed: the ids and states the billing worker acts on. */
export type StripeEventPayload = { data?: { object?: Record<string, unknown> } };

/**
 * A `stripe_events` row: a verified webhook event, stored before Stripe is answered; the id makes a replay a no-op.
 * The payload holds only the event's facts (never the customer's email, name or address) and is dropped once the
 * event is processed, or when its account is deleted.
 */
export interface StripeEventRow {
  id: string;
  type: string;
  payload: StripeEventPayload | null;
  received_at: Date;
  /** Set by the billing worker; a replayed event finds it set and changes nothing. */
  processed_at: Date | null;
  outcome: string | null;
}

// The fields of an event's object that processing reads; everything else (customer_details, customer_email,
// addresses, invoice lines…) is personal data or noise and is never stored.
const KEPT_FIELDS = ['id', 'object', 'mode', 'status', 'customer', 'subscription', 'client_reference_id'];

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
/** An expandable Stripe field: its id, whether Stripe sent the id or the whole object. */
const idOnly = (value: unknown): unknown => (isObject(value) ? value.id : value);

/** The facts of an event the billing worker acts on: ids and states, no personal data. */
export function stripeEventFacts(event: { data: { object: unknown } }): StripeEventPayload {
  const object: Loose = isObject(event.data.object) ? event.data.object : {};
  const facts: Loose = {};
  for (const field of KEPT_FIELDS) if (object[field] !== undefined) facts[field] = idOnly(object[field]);
  const userId = isObject(object.metadata) ? object.metadata.userId : undefined;
  if (typeof userId === 'string') facts.metadata = { userId };
  // An invoice's subscription, since API 2025-03-31.
  const parent = isObject(object.parent) ? object.parent : {};
  const details = isObject(parent.subscription_details) ? parent.subscription_details : {};
  if (details.subscription !== undefined)
    facts.parent = { subscription_details: { subscription: idOnly(details.subscription) } };
  return { data: { object: facts } };
}

/** Stores the event (only its facts: see stripeEventFacts) unless it is stored already. */
export async function insertStripeEventIfAbsent(
  db: Db,
  event: { id: string; type: string; data: { object: unknown } },
): Promise<void> {
  await db.query(
    'INSERT INTO stripe_events (id, type, payload) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [event.id, event.type, JSON.stringify(stripeEventFacts(event))],
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

/**
 * Records the outcome, once (an event already processed keeps its first outcome), and drops the payload: the id
 * and the processing time are all a replay needs.
 */
export async function markStripeEventProcessed(db: Db, id: string, outcome: string): Promise<void> {
  await db.query(
    `UPDATE stripe_events SET processed_at = now(), outcome = $2, payload = NULL
      WHERE id = $1 AND processed_at IS NULL`,
    [id, outcome],
  );
}
