import type { SubscriptionStatus } from '@lectern/contracts';
import type { Db } from '../db';

/** A `stripe_subscriptions` row: a subscription's state as last read from Stripe. */
export interface StripeSubscriptionRow {
  id: string;
  user_id: string;
  customer_id: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: Date | null;
  current_period_end: Date | null;
  created_at: Date;
  /** The prices its items are on, as last read; null for a row stored before they were recorded. */
  price_ids: string[] | null;
  synced_at: Date;
}

export type StoredSubscriptionRow = Omit<StripeSubscriptionRow, 'user_id' | 'synced_at'>;

export async function hasStripeSubscription(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM stripe_subscriptions WHERE user_id = $1 LIMIT 1', [userId]);
  return rows.length > 0;
}

export async function findSubscriptionOwner(db: Db, subscriptionId: string): Promise<string | null> {
  const { rows } = await db.query<Pick<StripeSubscriptionRow, 'user_id'>>(
    'SELECT user_id FROM stripe_subscriptions WHERE id = $1',
    [subscriptionId],
  );
  return rows[0]?.user_id ?? null;
}

/** The user's stored subscriptions that may still bill, oldest first. */
export async function findBillingSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM stripe_subscriptions
      WHERE user_id = $1 AND status NOT IN ('canceled', 'incomplete_expired') ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((row) => row.id);
}

export async function findSubscriptionIdsOfCustomer(db: Db, customerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM stripe_subscriptions WHERE customer_id = $1',
    [customerId],
  );
  return rows.map((row) => row.id);
}

/** Every stored subscription of the user, oldest first. */
export async function findSubscriptionsOfUser(db: Db, userId: string): Promise<StoredSubscriptionRow[]> {
  const { rows } = await db.query<StoredSubscriptionRow>(
    `SELECT id, customer_id, status, cancel_at_period_end, cancel_at, current_period_end, created_at, price_ids
       FROM stripe_subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** Stores the subscription's state as just read from Stripe. */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: StoredSubscriptionRow,
): Promise<void> {
  await db.query(
    `INSERT INTO stripe_subscriptions
       (id, user_id, customer_id, status, cancel_at_period_end, cancel_at, current_period_end, created_at, price_ids,
        synced_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (id) DO UPDATE SET
       user_id = EXCLUDED.user_id, customer_id = EXCLUDED.customer_id, status = EXCLUDED.status,
       cancel_at_period_end = EXCLUDED.cancel_at_period_end, cancel_at = EXCLUDED.cancel_at,
       current_period_end = EXCLUDED.current_period_end, price_ids = EXCLUDED.price_ids, synced_at = now()`,
    [
      subscription.id,
      userId,
      subscription.customer_id,
      subscription.status,
      subscription.cancel_at_period_end,
      subscription.cancel_at,
      subscription.current_period_end,
      subscription.created_at,
      subscription.price_ids,
    ],
  );
}

/** A subscription Stripe no longer knows is over. */
export async function markSubscriptionCanceled(db: Db, subscriptionId: string): Promise<void> {
  await db.query(`UPDATE stripe_subscriptions SET status = 'canceled', synced_at = now() WHERE id = $1`, [
    subscriptionId,
  ]);
}
