import { Injectable } from '@nestjs/common';
import { AccountMessage, type MessageResponse } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { DataSource } from 'typeorm';
import type { UserEntity } from '../users/user.entity';
import { AccountService } from './account.service';

const CANCEL_TIMEOUT_MS = 30_000;

/**
 * Deleting an account: the password again, then any Stripe subscription is cancelled at once by the billing
 * worker, then the user's rows go (videos, highlights, notes, AI content, usage, subscriptions and tokens
 * cascade; the shared transcript cache stays, it belongs to no one). If Stripe cannot cancel, nothing is
 * deleted and the user is told (502): nobody keeps paying for an account that is gone.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly account: AccountService,
    private readonly requester: JobRequester,
  ) {}

  async delete(user: UserEntity, ip: string, password: string): Promise<MessageResponse> {
    await this.account.confirmPassword(user, ip, password, AccountMessage.WrongPassword);
    if (await this.hasBilling(user)) {
      await this.requester.request(
        'billing',
        'cancel-subscriptions',
        { userId: user.id },
        {
          lane: 'pro',
          timeoutMs: CANCEL_TIMEOUT_MS,
          timeoutMessage:
            'Stripe took too long to cancel your subscription, so your account was not deleted. Please try again.',
        },
      );
    }
    await this.dataSource.query('DELETE FROM users WHERE id = $1', [user.id]);
    return { message: AccountMessage.AccountDeleted };
  }

  /** A Stripe customer or a stored subscription: the billing worker must look before the account goes. */
  private async hasBilling(user: UserEntity): Promise<boolean> {
    if (user.stripeCustomerId) return true;
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM stripe_subscriptions WHERE user_id = $1 LIMIT 1',
      [user.id],
    );
    return rows.length > 0;
  }
}
