import type { Plan, Role, SubscriptionStatus } from '@lectern/contracts';
import type { Db } from '../db';

/** A `users` row. Billing columns are written by the billing worker only (services/billing). */
export interface UserRow {
  id: string;
  /** Stored trimmed and lower-cased; a unique index on lower(email) guards case-insensitive uniqueness. */
  email: string;
  name: string | null;
  plan: Plan;
  role: Role;
  password_hash: string;
  created_at: Date;
  /** When the owner followed a confirmation link; null until then. */
  email_verified_at: Date | null;
  /** When an operator granted admin (`npm run admin -- grant`); null otherwise. */
  admin_granted_at: Date | null;
  /** Raised to end every session of the account at once. */
  session_generation: number;
  stripe_customer_id: string | null;
  subscription_status: SubscriptionStatus | null;
  /** When Pro ends after a cancellation at period end; null while the subscription renews. */
  pro_until: Date | null;
  plan_changed_at: Date | null;
}

/** The signed-in account as the gateway holds it (never with its password hash). */
export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  plan: Plan;
  role: Role;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  adminGrantedAt: Date | null;
  sessionGeneration: number;
  stripeCustomerId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  proUntil: Date | null;
}

const RECORD_COLUMNS = `id, email, name, plan, role, created_at, email_verified_at, admin_granted_at,
  session_generation, stripe_customer_id, subscription_status, pro_until`;

type RecordRow = Omit<UserRow, 'password_hash' | 'plan_changed_at'>;

/** Pro paid until a cancellation date ends then: the account reads as Free from that moment on. */
export function applyProEnd(user: UserRecord, now = Date.now()): void {
  if (user.plan === 'pro' && user.proUntil && user.proUntil.getTime() <= now) {
    user.plan = 'free';
    user.subscriptionStatus = 'canceled';
    user.proUntil = null;
  }
}

/**
 * Every read of an account applies its Pro end time, so no plan gate sees Pro a moment too long even before
 * the billing worker's downgrade at the period end has run (or while Stripe's own event is late).
 */
function toUserRecord(row: RecordRow): UserRecord {
  const user: UserRecord = {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    role: row.role,
    createdAt: row.created_at,
    emailVerifiedAt: row.email_verified_at,
    adminGrantedAt: row.admin_granted_at,
    sessionGeneration: row.session_generation,
    stripeCustomerId: row.stripe_customer_id,
    subscriptionStatus: row.subscription_status,
    proUntil: row.pro_until,
  };
  applyProEnd(user);
  return user;
}

/** A new account: it has proved nothing yet, so it starts as a user. A taken email fails with a unique violation. */
export async function insertUser(
  db: Db,
  input: { email: string; name: string | null; passwordHash: string },
): Promise<UserRecord> {
  const { rows } = await db.query<RecordRow>(
    `INSERT INTO users (email, name, password_hash, role) VALUES ($1, $2, $3, 'user') RETURNING ${RECORD_COLUMNS}`,
    [input.email, input.name, input.passwordHash],
  );
  return toUserRecord(rows[0]!);
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const { rows } = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

/** With the password hash, for signing in only. */
export async function findUserForLogin(
  db: Db,
  email: string,
): Promise<(UserRecord & { passwordHash: string }) | null> {
  const { rows } = await db.query<RecordRow & Pick<UserRow, 'password_hash'>>(
    `SELECT ${RECORD_COLUMNS}, password_hash FROM users WHERE lower(email) = lower($1) LIMIT 1`,
    [email],
  );
  const row = rows[0];
  return row ? { ...toUserRecord(row), passwordHash: row.password_hash } : null;
}

/**
 * Holds the user's row lock until the transaction ends. Everything that must not interleave for one user
 * (counted actions, spending a link token) takes it first, so their locks are always taken in the same order.
 */
export async function lockUser(db: Db, id: string): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
}

/**
 * Holds a key-share lock on the user's row until the transaction ends: the lock a foreign key check takes, taken
 * first by a transaction that will write rows pointing at the user after locking other rows of theirs. Account
 * deletion locks the user before its cascade reaches those rows, so both take the user first and cannot deadlock.
 */
export async function lockUserForKeyShare(db: Db, id: string): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [id]);
}

export async function setUserRole(db: Db, id: string, role: Role): Promise<void> {
  await db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
}

export async function setUserName(db: Db, id: string, name: string | null): Promise<void> {
  await db.query('UPDATE users SET name = $2 WHERE id = $1', [id, name]);
}

/** The owner followed a confirmation link (the first time counts). */
export async function markEmailVerified(db: Db, id: string): Promise<void> {
  await db.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [
    id,
  ]);
}

/** Ends every session of the account; answers the new generation (0 when there is no such account). */
export async function raiseSessionGeneration(db: Db, id: string): Promise<number> {
  const { rows } = await db.query<Pick<UserRow, 'session_generation'>>(
    'UPDATE users SET session_generation = session_generation + 1 WHERE id = $1 RETURNING session_generation',
    [id],
  );
  return rows[0]?.session_generation ?? 0;
}

/** A new password, which ends every session of the account. */
export async function changePassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, session_generation = session_generation + 1 WHERE id = $1',
    [id, passwordHash],
  );
}

/** A new password set from a reset link: every session ends, and the link proved the address. */
export async function resetPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, session_generation = session_generation + 1,
            email_verified_at = coalesce(email_verified_at, now())
      WHERE id = $1`,
    [id, passwordHash],
  );
}

/** Deletes the account; its rows in other tables cascade (the shared transcript cache stays). */
/**
 * Deletes the account, in one statement with the payloads of its Stripe events still waiting (those naming its id
 * or its customer lose them and count as processed). Only while its Stripe customer is still `customerId`: a
 * checkout that gave it a customer since (the row is re-read after any lock) leaves it in place and answers
 * false, so the caller cancels that customer's billing first.
 */
export async function deleteUser(db: Db, id: string, customerId: string | null): Promise<boolean> {
  const { rows } = await db.query<{ deleted: number }>(
    `WITH gone AS (
       DELETE FROM users WHERE id = $1 AND stripe_customer_id IS NOT DISTINCT FROM $2 RETURNING id
     ), forgotten AS (
       UPDATE stripe_events SET payload = NULL, processed_at = now(), outcome = 'account deleted'
        WHERE processed_at IS NULL AND EXISTS (SELECT 1 FROM gone)
          AND (payload->'data'->'object'->>'client_reference_id' = $1::text
            OR payload->'data'->'object'->'metadata'->>'userId' = $1::text
            OR payload->'data'->'object'->>'customer' = $2)
     )
     SELECT count(*)::int AS deleted FROM gone`,
    [id, customerId],
  );
  return rows[0]!.deleted > 0;
}

/** Grants admin by hand; answers false when no account has the email. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET admin_granted_at = coalesce(admin_granted_at, now()), role = 'admin'
      WHERE lower(email) = lower($1)`,
    [email],
  );
  return Boolean(rowCount);
}

/** Revokes a grant; answers the role the account keeps (admin when listed and confirmed), or null when unknown. */
export async function revokeAdmin(
  db: Db,
  email: string,
  adminEmails: readonly string[],
): Promise<Role | null> {
  const { rows } = await db.query<Pick<UserRow, 'role'>>(
    `UPDATE users SET admin_granted_at = NULL,
            role = CASE WHEN lower(email) = ANY($2::text[]) AND email_verified_at IS NOT NULL
                        THEN 'admin' ELSE 'user' END
      WHERE lower(email) = lower($1)
      RETURNING role`,
    [email, adminEmails],
  );
  return rows[0]?.role ?? null;
}

/** Every account granted admin or named in `adminEmails`, by email. */
export async function findAdminCandidates(
  db: Db,
  adminEmails: readonly string[],
): Promise<Pick<UserRow, 'email' | 'admin_granted_at' | 'email_verified_at'>[]> {
  const { rows } = await db.query<Pick<UserRow, 'email' | 'admin_granted_at' | 'email_verified_at'>>(
    `SELECT email, admin_granted_at, email_verified_at FROM users
      WHERE admin_granted_at IS NOT NULL OR lower(email) = ANY($1::text[])
      ORDER BY lower(email)`,
    [adminEmails],
  );
  return rows;
}

/** Who a mail goes to. */
export type RecipientRow = Pick<UserRow, 'id' | 'email' | 'name' | 'email_verified_at'>;

export async function findRecipientById(db: Db, id: string): Promise<RecipientRow | null> {
  const { rows } = await db.query<RecipientRow>(
    'SELECT id, email, name, email_verified_at FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function findRecipientByEmail(db: Db, email: string): Promise<RecipientRow | null> {
  const { rows } = await db.query<RecipientRow>(
    'SELECT id, email, name, email_verified_at FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0] ?? null;
}

/** What the billing worker reads of an account: its stored billing state, as written (no Pro end applied). */
export type BillingUserRow = Pick<
  UserRow,
  'id' | 'email' | 'name' | 'plan' | 'role' | 'stripe_customer_id' | 'subscription_status' | 'pro_until'
>;

const BILLING_COLUMNS = 'id, email, name, plan, role, stripe_customer_id, subscription_status, pro_until';

export async function findBillingUser(db: Db, id: string): Promise<BillingUserRow | null> {
  const { rows } = await db.query<BillingUserRow>(`SELECT ${BILLING_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findBillingUserByCustomer(db: Db, customerId: string): Promise<BillingUserRow | null> {
  const { rows } = await db.query<BillingUserRow>(
    `SELECT ${BILLING_COLUMNS} FROM users WHERE stripe_customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? null;
}

export async function setStripeCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db.query('UPDATE users SET stripe_customer_id = $2 WHERE id = $1', [userId, customerId]);
}

/** Links a customer to the user, unless the user already has one or the customer is another user's. */
export async function linkStripeCustomerIfMissing(db: Db, userId: string, customerId: string): Promise<void> {
  await db.query(
    `UPDATE users SET stripe_customer_id = $2
      WHERE id = $1 AND stripe_customer_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM users WHERE stripe_customer_id = $2)`,
    [userId, customerId],
  );
}

/** The plan derived from the user's subscriptions. */
export async function saveBillingState(
  db: Db,
  userId: string,
  state: { plan: Plan; subscriptionStatus: SubscriptionStatus | null; proUntil: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE users SET plan = $2, subscription_status = $3, pro_until = $4, plan_changed_at = now()
      WHERE id = $1`,
    [userId, state.plan, state.subscriptionStatus, state.proUntil],
  );
}
