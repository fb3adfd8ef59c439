import { ConflictException, Injectable } from '@nestjs/common';
import { AccountMessage, type MessageResponse } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { deleteUser, findBillingUser, hasStripeSubscription, type Db } from '@lectern/db';
import type { UserRecord } from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import { InjectDb } from '../database/database.module';
import { AccountService } from './account.service';

const CANCEL_TIMEOUT_MS = 30_000;
const DELETE_ROUNDS = 3;

/**
 * Deleting an account: the password again, then any Stripe subscription is cancelled at once by the billing
 * worker, then the user's rows go (videos, highlights, notes, AI content, review cards, usage, subscriptions
 * and tokens cascade; the shared transcript cache stays, it belongs to no one), and with them the uploaded
 * recordings' bytes, in the bucket too when they are kept there. If Stripe cannot cancel, nothing is
 * deleted and the user is told (502): nobody keeps paying for an account that is gone.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly account: AccountService,
    private readonly requester: JobRequester,
    private readonly media: MediaStore,
  ) {}

  async delete(user: UserRecord, ip: string, password: string): Promise<MessageResponse> {
    await this.account.confirmPassword(user, ip, password, AccountMessage.WrongPassword);
    // A checkout starting meanwhile can give the account its first Stripe customer: the row is then kept and the
    // deletion goes round again, so that customer's open Checkout pages are expired too.
    for (let round = 0; round < DELETE_ROUNDS; round += 1) {
      const billing = await findBillingUser(this.db, user.id);
      if (!billing) break; // deleted by another request meanwhile
      const customer = billing.stripe_customer_id;
      if (customer !== null || (await hasStripeSubscription(this.db, user.id)))
        await this.cancelBilling(user);
      if (await this.media.deleteOfUser(user.id, () => deleteUser(this.db, user.id, customer))) break;
      if (round === DELETE_ROUNDS - 1)
        throw new ConflictException('Your account changed while it was being deleted. Please try again.');
    }
    return { message: AccountMessage.AccountDeleted };
  }

  private async cancelBilling(user: UserRecord): Promise<void> {
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
}
