import { BadRequestException } from '@nestjs/common';
import { AccountMessage } from '@lectern/contracts';
import {
  findUserTokenOwner,
  hashAccountToken,
  lockUser,
  lockUserToken,
  markUserTokenUsed,
  revokeResetTokens,
  type AccountTokenPurpose,
  type Db,
} from '@lectern/db';

/**
 * Spends a mailed link's token, inside the caller's transaction (so a failure later gives it back), and answers
 * its user. A token of another purpose, a used one or an expired one is refused with a 400 saying which.
 *
 * Locks are taken user row first, then the token row, in every transaction that spends a token: two links of
 * one account used at once then wait for each other instead of deadlocking, and the same link opened twice at
 * once works once.
 */
export async function spendAccountToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const tokenHash = hashAccountToken(token);
  const owner = await findUserTokenOwner(db, tokenHash);
  if (!owner) throw new BadRequestException(AccountMessage.InvalidLink);
  await lockUser(db, owner);
  const row = await lockUserToken(db, tokenHash);
  if (!row || row.purpose !== purpose) throw new BadRequestException(AccountMessage.InvalidLink);
  if (row.used_at) throw new BadRequestException(AccountMessage.UsedLink);
  if (row.expired) throw new BadRequestException(AccountMessage.ExpiredLink);
  await markUserTokenUsed(db, row.id);
  return row.user_id;
}

/** Stops every reset link of the account that is still unused: its password changed, or it was secured. */
export async function revokeResetLinks(db: Db, userId: string): Promise<void> {
  await revokeResetTokens(db, userId);
}
