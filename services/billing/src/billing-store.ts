import type { Pool } from 'pg';
import { isRecordId, type Plan, type Role, type SubscriptionStatus } from '@lectern/contracts';
import {
  advisoryXactLock,
  createPool,
  findBillingSubscriptionIds,
  findBillingUser,
  findBillingUserByCustomer,
  findStripeEvent,
  findSubscriptionIdsOfCustomer,
  findSubscriptionOwner,
  findSubscriptionsOfUser,
  findUnprocessedStripeEventIds,
  isDeletedCustomer,
  linkStripeCustomerIfMissing,
  markStripeEventProcessed,
  markSubscriptionCanceled,
  rememberDeletedCustomer,
  saveBillingState,
  saveSubscription,
  setStripeCustomer,
  tryAdvisoryXactLock,
  withTransaction,
  type BillingUserRow,
  type Db,
  type StoreOptions,
  type StoredSubscriptionRow,
  type StripeEventPayload,
} from '@lectern/db';
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
  /** The event's facts; null once processed (or its account deleted). */
  payload: StripeEventPayload | null;
  processedAt: Date | null;
}

function toUser(row: BillingUserRow): BillingUser {
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

function toSnapshot(row: StoredSubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelAt: row.cancel_at,
    currentPeriodEnd: row.current_period_end,
    created: row.created_at,
    priceIds: row.price_ids,
  };
}

type Queryable = Db;

/** What tryWithLock returns when another process holds the lock. */
export const LOCK_HELD = Symbol('lock held elsewhere');

/**
 * The billing worker's plain SQL over the tables @lectern/db's migrations create: users (plan and billing
 * columns), stripe_subscriptions (each subscription's last known state) and stripe_events.
 */
const lockName = (key: string) => `lectern-billing:${key}`;

export class BillingStore {
  private readonly pool: Pool;

  constructor(options: StoreOptions) {
    this.pool = createPool(options.databaseUrl, {
      max: options.maxConnections,
      onError: options.onPoolError,
    });
  }

  /** Runs `work` in a transaction holding an advisory lock on `key`, so work on one key never interleaves. */
  withLock<T>(key: string, work: (db: Queryable) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      await advisoryXactLock(client, lockName(key));
      return work(client);
    });
  }

  /**
   * Like withLock, but when another process holds the lock it does not wait: it returns LOCK_HELD at once.
   * Transaction-scoped, so a crashed holder releases it with its connection.
   */
  tryWithLock<T>(key: string, work: (db: Queryable) => Promise<T>): Promise<T | typeof LOCK_HELD> {
    return withTransaction(this.pool, async (client) =>
      (await tryAdvisoryXactLock(client, lockName(key))) ? work(client) : LOCK_HELD,
    );
  }

  async findUser(userId: string, db: Queryable = this.pool): Promise<BillingUser | null> {
    if (!isRecordId(userId)) return null;
    const row = await findBillingUser(db, userId);
    return row ? toUser(row) : null;
  }

  async findUserByCustomer(customerId: string, db: Queryable = this.pool): Promise<BillingUser | null> {
    const row = await findBillingUserByCustomer(db, customerId);
    return row ? toUser(row) : null;
  }

  async setCustomer(userId: string, customerId: string, db: Queryable = this.pool): Promise<void> {
    await setStripeCustomer(db, userId, customerId);
  }

  /** Links a customer Checkout created to the user, unless the user already has one. */
  async linkCustomerIfMissing(userId: string, customerId: string): Promise<void> {
    if (!isRecordId(userId)) return;
    await linkStripeCustomerIfMissing(this.pool, userId, customerId);
  }

  findSubscriptionOwner(subscriptionId: string, db: Queryable = this.pool): Promise<string | null> {
    return findSubscriptionOwner(db, subscriptionId);
  }

  /** The account of this customer is being deleted: its subscriptions are cancelled wherever they turn up. */
  async rememberDeletedCustomer(customerId: string): Promise<void> {
    await rememberDeletedCustomer(this.pool, customerId);
  }

  isDeletedCustomer(customerId: string, db: Queryable = this.pool): Promise<boolean> {
    return isDeletedCustomer(db, customerId);
  }

  /** The user's stored subscriptions that may still bill. */
  billingSubscriptionIdsOf(userId: string): Promise<string[]> {
    return findBillingSubscriptionIds(this.pool, userId);
  }

  subscriptionIdsOfCustomer(customerId: string): Promise<string[]> {
    return findSubscriptionIdsOfCustomer(this.pool, customerId);
  }

  async saveSubscription(userId: string, snapshot: SubscriptionSnapshot, db: Queryable): Promise<void> {
    await saveSubscription(db, userId, {
      id: snapshot.id,
      customer_id: snapshot.customerId,
      status: snapshot.status,
      cancel_at_period_end: snapshot.cancelAtPeriodEnd,
      cancel_at: snapshot.cancelAt,
      current_period_end: snapshot.currentPeriodEnd,
      created_at: snapshot.created,
      price_ids: snapshot.priceIds,
    });
  }

  /** A subscription Stripe no longer knows is over. */
  async markSubscriptionGone(subscriptionId: string, db: Queryable): Promise<void> {
    await markSubscriptionCanceled(db, subscriptionId);
  }

  async subscriptionsOf(userId: string, db: Queryable): Promise<SubscriptionSnapshot[]> {
    return (await findSubscriptionsOfUser(db, userId)).map(toSnapshot);
  }

  async saveBillingState(userId: string, state: BillingState, db: Queryable): Promise<void> {
    await saveBillingState(db, userId, state);
  }

  async findEvent(eventId: string): Promise<StoredEvent | null> {
    const row = await findStripeEvent(this.pool, eventId);
    return row ? { id: row.id, type: row.type, payload: row.payload, processedAt: row.processed_at } : null;
  }

  /** Stored events not processed although received at least `olderThanMs` ago, oldest first. */
  unprocessedEventIds(olderThanMs: number, limit: number, db: Queryable = this.pool): Promise<string[]> {
    return findUnprocessedStripeEventIds(db, olderThanMs, limit);
  }

  async markEventProcessed(eventId: string, outcome: string): Promise<void> {
    await markStripeEventProcessed(this.pool, eventId, outcome);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
