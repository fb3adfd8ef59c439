import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Role } from '@lectern/contracts';
import {
  findUserById,
  findUserForLogin,
  insertUser,
  isUniqueViolation,
  markEmailVerified,
  raiseSessionGeneration,
  setUserName,
  setUserRole,
  type Db,
  type UserRecord,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import type { GatewayEnv } from '../config/gateway-env';

@Injectable()
export class UsersService {
  constructor(
    @InjectDb() private readonly db: Db,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * The one place an account's role is decided, from the account and the current configuration; sessions
   * apply it on every request, so a change to ADMIN_EMAILS (or a grant) needs no new sign-in. An address in
   * ADMIN_EMAILS counts only once its owner has proved it by confirming the email: whoever signs up first
   * with it is an ordinary user until then.
   */
  roleFor(user: Pick<UserRecord, 'email' | 'emailVerifiedAt' | 'adminGrantedAt'>): Role {
    if (user.adminGrantedAt) return 'admin';
    const listed = this.env.ADMIN_EMAILS.includes(user.email.toLowerCase());
    return listed && user.emailVerifiedAt ? 'admin' : 'user';
  }

  async create(input: { email: string; name: string | null; passwordHash: string }): Promise<UserRecord> {
    try {
      // A new account has proved nothing yet: it starts as a user whatever ADMIN_EMAILS says.
      return await insertUser(this.db, input);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException('An account with this email already exists.');
      }
      throw error;
    }
  }

  findById(id: string): Promise<UserRecord | null> {
    return findUserById(this.db, id);
  }

  /** With the password hash, for signing in only. */
  findForLogin(email: string): Promise<(UserRecord & { passwordHash: string }) | null> {
    return findUserForLogin(this.db, email);
  }

  /**
   * The account with its role as decided now, the stored copy (which the billing worker reads) updated when
   * ADMIN_EMAILS has changed since.
   */
  async syncRole(user: UserRecord): Promise<UserRecord> {
    const role = this.roleFor(user);
    if (user.role === role) return user;
    await setUserRole(this.db, user.id, role);
    return { ...user, role };
  }

  /** Stores that the owner followed a confirmation link (the first time counts). */
  async markEmailVerified(id: string): Promise<void> {
    await markEmailVerified(this.db, id);
  }

  /**
   * Ends every session of the account: each one remembers the generation it was signed in under, and is
   * refused once it differs. Answers the new generation.
   */
  endAllSessions(id: string, db: Db = this.db): Promise<number> {
    return raiseSessionGeneration(db, id);
  }

  async updateName(id: string, name: string | null): Promise<UserRecord> {
    await setUserName(this.db, id, name);
    const user = await this.findById(id);
    if (!user) throw new NotFoundException('Account not found.');
    return user;
  }
}
