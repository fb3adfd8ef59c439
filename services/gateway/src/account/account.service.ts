import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  AccountMessage,
  QueueName,
  type JobDataOf,
  type JobNameOf,
  type Lane,
  type MessageResponse,
} from '@lectern/contracts';
import { QUEUE_UNREACHABLE_MESSAGE } from '@lectern/queue-runtime';
import { changePassword, markEmailVerified, resetPassword, Transactions } from '@lectern/db';
import { AuthRateLimiter } from '../auth/auth-rate-limiter';
import { PasswordHasher } from '../auth/password-hasher';
import { laneFor } from '../jobs/user-jobs';
import { MailOutbox } from '../mail/mail-outbox';
import type { UserRecord } from '@lectern/db';
import { UsersService } from '../users/users.service';
import { revokeResetLinks, spendAccountToken } from './account-tokens';

type MailJob = Exclude<JobNameOf<typeof QueueName.Mail>, 'ping'>;

/** Confirming the email, and the password: forgotten, reset, changed; ending every session. */
@Injectable()
export class AccountService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AuthRateLimiter,
    private readonly mail: MailOutbox,
  ) {}

  /**
   * Follows a confirmation link in a session of the signed-in user. A link of another account is refused and
   * stays unspent (the transaction is rolled back): the address's owner, who may not have opened that account,
   * takes it over with a password reset instead, which also ends every session of it.
   */
  async verifyEmail(signedIn: UserRecord, token: string): Promise<MessageResponse> {
    await this.transactions.run(async (db) => {
      const userId = await spendAccountToken(db, token, 'verify_email');
      if (userId !== signedIn.id) throw new BadRequestException(AccountMessage.LinkOfAnotherAccount);
      await markEmailVerified(db, userId);
    });
    return { message: AccountMessage.EmailVerified };
  }

  async resendVerification(user: UserRecord): Promise<MessageResponse> {
    if (user.emailVerifiedAt) return { message: AccountMessage.AlreadyVerified };
    await this.limiter.startVerificationResend(user.id);
    await this.queue('send-email-verification', { userId: user.id }, laneFor(user));
    return { message: AccountMessage.VerificationSent };
  }

  /**
   * The same work and the same answer whether or not an account has this address: the counters, then one job
   * that the mail worker turns into a mail only when there is an account.
   */
  async forgotPassword(ip: string, email: string): Promise<MessageResponse> {
    await this.limiter.startPasswordReset(ip, email);
    await this.queue('send-password-reset', { email }, 'free');
    return { message: AccountMessage.ResetLinkSent };
  }

  /**
   * Sets the new password from a reset link and ends every session of the account (the caller signs this
   * browser in afresh). The link proves the address too, so an unconfirmed email becomes confirmed. Every other
   * reset link of the account stops working.
   */
  async resetPassword(ip: string, token: string, password: string): Promise<UserRecord> {
    await this.limiter.startLinkUse(ip);
    const passwordHash = await this.hasher.hash(password);
    const userId = await this.transactions.run(async (db) => {
      const owner = await spendAccountToken(db, token, 'reset_password');
      await resetPassword(db, owner, passwordHash);
      await revokeResetLinks(db, owner);
      return owner;
    });
    return this.afterPasswordChange(userId);
  }

  /** The current password proves it is the owner (counted like a sign-in); every session ends. */
  async changePassword(
    user: UserRecord,
    ip: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<UserRecord> {
    await this.confirmPassword(user, ip, currentPassword, AccountMessage.WrongCurrentPassword);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.transactions.run(async (db) => {
      await changePassword(db, user.id, passwordHash);
      // A reset link mailed before the change must not undo it.
      await revokeResetLinks(db, user.id);
    });
    return this.afterPasswordChange(user.id);
  }

  /** Ends every session of the account, this one included (the caller signs this browser out). */
  async signOutEverywhere(user: UserRecord): Promise<MessageResponse> {
    await this.transactions.run(async (db) => {
      await this.users.endAllSessions(user.id, db);
      // Securing the account: a reset link already mailed (perhaps to whoever had the session) stops working.
      await revokeResetLinks(db, user.id);
    });
    return { message: AccountMessage.SignedOutEverywhere };
  }

  /**
   * Checks the account's password for a sensitive action, counted against the same limits as signing in: a
   * stolen session cannot guess its way to the password.
   */
  async confirmPassword(user: UserRecord, ip: string, password: string, wrongMessage: string): Promise<void> {
    await this.limiter.startLogin(ip, user.email);
    const withHash = await this.users.findForLogin(user.email);
    const valid = await this.hasher.verify(withHash?.passwordHash ?? null, password);
    if (!valid) throw new BadRequestException(wrongMessage);
    await this.limiter.loginSucceeded(ip, user.email);
  }

  private async afterPasswordChange(userId: string): Promise<UserRecord> {
    const found = await this.users.findById(userId);
    if (!found) throw new BadRequestException(AccountMessage.InvalidLink);
    const user = await this.users.syncRole(found);
    await this.mail.trySend('send-password-changed', { userId }, laneFor(user));
    return user;
  }

  private async queue<N extends MailJob>(
    name: N,
    data: JobDataOf<typeof QueueName.Mail, N>,
    lane: Lane,
  ): Promise<void> {
    await this.mail.send(name, data, lane).catch((cause: unknown) => {
      throw new ServiceUnavailableException(QUEUE_UNREACHABLE_MESSAGE, { cause });
    });
  }
}
