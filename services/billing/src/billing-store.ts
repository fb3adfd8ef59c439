import type { Pool, PoolClient } from 'pg';
import { isRecordId, type Plan, type Role, type SubscriptionStatus } from '@lectern/contracts';
import type { BillingState, SubscriptionSnapshot } from './entitlement';

export interface BillingUser {
  id: string;
  email: string;
  name: string | null;
  plan: Plan;
  role: Role;
  stripeCustomerId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  proUntil: Date | null;
}

export interface StoredEvent {
  id: string;
  type: string;
  payload: { data?: { object?: Record<string, unknown> } };
  processedAt: Date | null;
}

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  plan: Plan;
  role: Role;
  stripe_customer_id: string | null;
  subscription_status: SubscriptionStatus | null;
  pro_until: Date | null;
}

interface SubscriptionRow {
  id: string;
  customer_id: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: Date | null;
  current_period_end: Date | null;
  created_at: Date;
}

const USER_COLUMNS = 'id, email, name, plan, role, stripe_customer_id, subscription_status, pro_until';

function toUser(row: UserRow): BillingUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    role: row.role,
    stripeCustomerId: row.stripe_customer_id,
    subscriptionStatus: row.subscription_status,
    proUntil: row.pro_until,
  };
}

function toSnapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelAt: row.cancel_at,
    currentPeriodEnd: row.current_period_end,
    created: row.created_at,
  };
}

type Queryable = Pick<PoolClient, 'query'>;

/** What tryWithLock returns when another process holds the lock. */
export const LOCK_HELD = Symbol('lock held elsewhere');

/**
 * The billing worker's plain SQL over the tables the gateway's migrations create: users (plan and billing
 * columns), stripe_subscriptions (each subscription's last known state) and stripe_events.
 */
const lockName = (key: string) => `lectern-billing:${key}`;

export class BillingStore {
  constructor(private readonly pool: Pool) {}

  /** Runs `work` in a transaction holding an advisory lock on `key`, so work on one key never interleaves. */
  withLock<T>(key: string, work: (db: Queryable) => Promise<T>): Promise<T> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName(key)]);
      return work(client);
    });
  }

  /**
   * Like withLock, but when another process holds the lock it does not wait: it returns LOCK_HELD at once.
   * Transaction-scoped, so a crashed holder releases it with its connection.
   */
  tryWithLock<T>(key: string, work: (db: Queryable) => Promise<T>): Promise<T | typeof LOCK_HELD> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
        [lockName(key)],
      );
      return rows[0]?.locked ? work(client) : LOCK_HELD;
    });
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async findUser(userId: string, db: Queryable = this.pool): Promise<BillingUser | null> {
    if (!isRecordId(userId)) return null;
    const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async findUserByCustomer(customerId: string, db: Queryable = this.pool): Promise<BillingUser | null> {
    const { rows } = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE stripe_customer_id = $1`,
      [customerId],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  async setCustomer(userId: string, customerId: string, db: Queryable = this.pool): Promise<void> {
    await db.query('UPDATE users SET stripe_customer_id = $2 WHERE id = $1', [userId, customerId]);
  }

  /** Links a customer Checkout created to the user, unless the user already has one. */
  async linkCustomerIfMissing(userId: string, customerId: string): Promise<void> {
    if (!isRecordId(userId)) return;
    await this.pool.query(
      `UPDATE users SET stripe_customer_id = $2
        WHERE id = $1 AND stripe_customer_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM users WHERE stripe_customer_id = $2)`,
      [userId, customerId],
    );
  }

  async findSubscriptionOwner(subscriptionId: string, db: Queryable = this.pool): Promise<string | null> {
    const { rows } = await db.query<{ user_id: string }>(
      'SELECT user_id FROM stripe_subscriptions WHERE id = $1',
      [subscriptionId],
    );
    return rows[0]?.user_id ?? null;
  }

  /** The user's stored subscriptions that may still bill. */
  /** The account of this customer is being deleted: its subscriptions are cancelled wherever they turn up. */
  async rememberDeletedCustomer(customerId: string): Promise<void> {
    await this.pool.query(
      'INSERT INTO deleted_stripe_customers (customer_id) VALUES ($1) ON CONFLICT (customer_id) DO NOTHING',
      [customerId],
    );
  }

  async isDeletedCustomer(customerId: string, db: Queryable = this.pool): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM deleted_stripe_customers WHERE customer_id = $1', [
      customerId,
    ]);
    return rows.length > 0;
  }

  async billingSubscriptionIdsOf(userId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM stripe_subscriptions
        WHERE user_id = $1 AND status NOT IN ('canceled', 'incomplete_expired') ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  async subscriptionIdsOfCustomer(customerId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM stripe_subscriptions WHERE customer_id = $1',
      [customerId],
    );
    return rows.map((row) => row.id);
  }

  async saveSubscription(userId: string, snapshot: SubscriptionSnapshot, db: Queryable): Promise<void> {
    await db.query(
      `INSERT INTO stripe_subscriptions
         (id, user_id, customer_id, status, cancel_at_period_end, cancel_at, current_period_end, created_at, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
       ON CONFLICT (id) DO UPDATE SET
         user_id = EXCLUDED.user_id, customer_id = EXCLUDED.customer_id, status = EXCLUDED.status,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end, cancel_at = EXCLUDED.cancel_at,
         current_period_end = EXCLUDED.current_period_end, synced_at = now()`,
      [
        snapshot.id,
        userId,
        snapshot.customerId,
        snapshot.status,
        snapshot.cancelAtPeriodEnd,
        snapshot.cancelAt,
        snapshot.currentPeriodEnd,
        snapshot.created,
      ],
    );
  }

  /** A subscription Stripe no longer knows is over. */
  async markSubscriptionGone(subscriptionId: string, db: Queryable): Promise<void> {
    await db.query(`UPDATE stripe_subscriptions SET status = 'canceled', synced_at = now() WHERE id = $1`, [
      subscriptionId,
    ]);
  }

  async subscriptionsOf(userId: string, db: Queryable): Promise<SubscriptionSnapshot[]> {
    const { rows } = await db.query<SubscriptionRow>(
      `SELECT id, customer_id, status, cancel_at_period_end, cancel_at, current_period_end, created_at
         FROM stripe_subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toSnapshot);
  }

  async saveBillingState(userId: string, state: BillingState, db: Queryable): Promise<void> {
    await db.query(
      `UPDATE users SET plan = $2, subscription_status = $3, pro_until = $4, plan_changed_at = now()
        WHERE id = $1`,
      [userId, state.plan, state.subscriptionStatus, state.proUntil],
    );
  }

  async findEvent(eventId: string): Promise<StoredEvent | null> {
    const { rows } = await this.pool.query<{
      id: string;
      type: string;
      payload: StoredEvent['payload'];
      processed_at: Date | null;
    }>('SELECT id, type, payload, processed_at FROM stripe_events WHERE id = $1', [eventId]);
    const row = rows[0];
    return row ? { id: row.id, type: row.type, payload: row.payload, processedAt: row.processed_at } : null;
  }

  /** Stored events not processed although received at least `olderThanMs` ago, oldest first. */
  async unprocessedEventIds(
    olderThanMs: number,
    limit: number,
    db: Queryable = this.pool,
  ): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM stripe_events
        WHERE processed_at IS NULL AND received_at <= now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY received_at, id LIMIT $2`,
      [olderThanMs, limit],
    );
    return rows.map((row) => row.id);
  }

  async markEventProcessed(eventId: string, outcome: string): Promise<void> {
    await this.pool.query(
      'UPDATE stripe_events SET processed_at = now(), outcome = $2 WHERE id = $1 AND processed_at IS NULL',
      [eventId, outcome],
    );
  }
}
