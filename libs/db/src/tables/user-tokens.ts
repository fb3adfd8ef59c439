import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';

/** What a mailed link lets its holder do; a token of one purpose never works for another. */
export type AccountTokenPurpose = 'verify_email' | 'reset_password';

export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** A new link token: 32 random bytes, base64url (43 characters), shown once in a mail and never stored. */
export function newAccountToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What `user_tokens.token_hash` holds: a copied database cannot open anyone's account. */
export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A `user_tokens` row: a mailed link's token, kept as its SHA-256 only and spent once by setting used_at. */
export interface UserTokenRow {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertUserToken(
  db: Db,
  token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
    [token.userId, token.purpose, token.tokenHash, token.expiresAt],
  );
}

/** Whose token this is (without locking anything), or null for an unknown token. */
export async function findUserTokenOwner(db: Db, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<Pick<UserTokenRow, 'user_id'>>(
    'SELECT user_id FROM user_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

export type LockedUserToken = Pick<UserTokenRow, 'id' | 'user_id' | 'purpose' | 'used_at'> & {
  expired: boolean;
};

/** The token's row, locked until the transaction ends (take the owner's user lock first: see lockUser). */
export async function lockUserToken(db: Db, tokenHash: string): Promise<LockedUserToken | null> {
  const { rows } = await db.query<LockedUserToken>(
    `SELECT id, user_id, purpose, expires_at <= now() AS expired, used_at
       FROM user_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markUserTokenUsed(db: Db, id: string): Promise<void> {
  await db.query('UPDATE user_tokens SET used_at = now() WHERE id = $1', [id]);
}

/** Stops every reset link of the account that is still unused. */
export async function revokeResetTokens(db: Db, userId: string): Promise<void> {
  await db.query(
    `UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
    [userId],
  );
}
