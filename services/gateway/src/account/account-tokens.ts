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
 * its user. The row is locked while it is checked: the same link opened twice at once works once. A token of
 * another purpose, a used one or an expired one is refused with a 400 saying which.
 */
export async function spendAccountToken(
  manager: EntityManager,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const rows = await manager.query<TokenRow[]>(
    `SELECT id, user_id, purpose, expires_at <= now() AS expired, used_at
       FROM user_tokens WHERE token_hash = $1 FOR UPDATE`,
    [hashAccountToken(token)],
  );
  const row = rows[0];
  if (!row || row.purpose !== purpose) throw new BadRequestException(AccountMessage.InvalidLink);
  if (row.used_at) throw new BadRequestException(AccountMessage.UsedLink);
  if (row.expired) throw new BadRequestException(AccountMessage.ExpiredLink);
  await manager.query('UPDATE user_tokens SET used_at = now() WHERE id = $1', [row.id]);
  return row.user_id;
}
