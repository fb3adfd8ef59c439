import { Injectable } from '@nestjs/common';
import { AccountMessage, type MessageResponse } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { deleteUser, hasStripeSubscription, typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';
import type { UserRecord } from '@lectern/db';
import { AccountService } from './account.service';

const CANCEL_TIMEOUT_MS = 30_000;

/**
 * Deleting an account: the password again, then any Stripe subscription is cancelled at once by the billing
 * worker, then the user's rows go (videos, highlights, notes, AI content, review cards, usage, subscriptions
 * and tokens cascade; the shared transcript cache stays, it belongs to no one). If Stripe cannot cancel, nothing is
 * deleted and the user is told (502): nobody keeps paying for an account that is gone.
 */
@Injectable()
export class AccountDeletionService {
  private readonly db: Db;

  constructor(
    dataSource: DataSource,
    private readonly account: AccountService,
    private readonly requester: JobRequester,
  ) {
    this.db = typeormDb(dataSource.manager);
  }

  async delete(user: UserRecord, ip: string, password: string): Promise<MessageResponse> {
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
    await deleteUser(this.db, user.id);
    return { message: AccountMessage.AccountDeleted };
  }

  /** A Stripe customer or a stored subscription: the billing worker must look before the account goes. */
  private async hasBilling(user: UserRecord): Promise<boolean> {
    if (user.stripeCustomerId) return true;
    return hasStripeSubscription(this.db, user.id);
  }
}
