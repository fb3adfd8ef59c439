import { BadRequestException } from '@nestjs/common';
import { AccountMessage } from '@lectern/contracts';
import { hashAccountToken, type AccountTokenPurpose } from '@lectern/contracts/runtime';
import type { EntityManager } from 'typeorm';

interface TokenRow {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  expired: boolean;
  used_at: Date | null;
}

/**
 * Spends a mailed link's token, inside the caller's transaction (so a failure later gives it back), and answers
 * its user. A token of another purpose, a used one or an expired one is refused with a 400 saying which.
 *
 * Locks are taken user row first, then the token row, in every transaction that spends a token: two links of
 * one account used at once then wait for each other instead of deadlocking, and the same link opened twice at
 * once works once.
 */
export async function spendAccountToken(
  manager: EntityManager,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const tokenHash = hashAccountToken(token);
  const [owner] = await manager.query<{ user_id: string }[]>(
    'SELECT user_id FROM user_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  if (!owner) throw new BadRequestException(AccountMessage.InvalidLink);
  await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [owner.user_id]);
  const rows = await manager.query<TokenRow[]>(
    `SELECT id, user_id, purpose, expires_at <= now() AS expired, used_at
       FROM user_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row || row.purpose !== purpose) throw new BadRequestException(AccountMessage.InvalidLink);
  if (row.used_at) throw new BadRequestException(AccountMessage.UsedLink);
  if (row.expired) throw new BadRequestException(AccountMessage.ExpiredLink);
  await manager.query('UPDATE user_tokens SET used_at = now() WHERE id = $1', [row.id]);
  return row.user_id;
}

/** Stops every reset link of the account that is still unused: its password changed, or it was secured. */
export async function revokeResetLinks(manager: Pick<EntityManager, 'query'>, userId: string): Promise<void> {
  await manager.query(
    `UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
    [userId],
  );
}
