import { createHash, randomBytes } from 'node:crypto';

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
