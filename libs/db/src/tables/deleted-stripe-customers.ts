import type { Db } from '../db';

/**
 * A `deleted_stripe_customers` row: the Stripe customer of a deleted account, whose subscriptions are cancelled
 * on sight. No personal data, only Stripe's customer id.
 */
export interface DeletedStripeCustomerRow {
  customer_id: string;
  deleted_at: Date;
}

export async function rememberDeletedCustomer(db: Db, customerId: string): Promise<void> {
  await db.query(
    'INSERT INTO deleted_stripe_customers (customer_id) VALUES ($1) ON CONFLICT (customer_id) DO NOTHING',
    [customerId],
  );
}

export async function isDeletedCustomer(db: Db, customerId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM deleted_stripe_customers WHERE customer_id = $1', [
    customerId,
  ]);
  return rows.length > 0;
}
