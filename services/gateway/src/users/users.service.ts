import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { Role } from '@lectern/contracts';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import type { GatewayEnv } from '../config/gateway-env';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService {
  private readonly users: Repository<UserEntity>;

  constructor(
    dataSource: DataSource,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /**
   * The one place an account's role is decided, from the account and the current configuration; sessions
   * apply it on every request, so a change to ADMIN_EMAILS (or a grant) needs no new sign-in. An address in
   * ADMIN_EMAILS counts only once its owner has proved it by confirming the email: whoever signs up first
   * with it is an ordinary user until then.
   */
  roleFor(user: Pick<UserEntity, 'email' | 'emailVerifiedAt' | 'adminGrantedAt'>): Role {
    if (user.adminGrantedAt) return 'admin';
    const listed = this.env.ADMIN_EMAILS.includes(user.email.toLowerCase());
    return listed && user.emailVerifiedAt ? 'admin' : 'user';
  }

  async create(input: { email: string; name: string | null; passwordHash: string }): Promise<UserEntity> {
    try {
      // A new account has proved nothing yet: it starts as a user whatever ADMIN_EMAILS says.
      return await this.users.save(this.users.create({ ...input, role: 'user' }));
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        throw new ConflictException('An account with this email already exists.');
      }
      throw error;
    }
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** With the password hash, for signing in only. */
  findForLogin(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.email) = lower(:email)', { email })
      .getOne();
  }

  /**
   * The account with its role as decided now, the stored copy (which the billing worker reads) updated when
   * ADMIN_EMAILS has changed since.
   */
  async syncRole(user: UserEntity): Promise<UserEntity> {
    const role = this.roleFor(user);
    if (user.role === role) return user;
    await this.users.update({ id: user.id }, { role });
    return { ...user, role };
  }

  /** Stores that the owner followed a confirmation link (the first time counts). */
  async markEmailVerified(id: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update()
      .set({ emailVerifiedAt: () => 'coalesce(email_verified_at, now())' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * Ends every session of the account: each one remembers the generation it was signed in under, and is
   * refused once it differs. Answers the new generation.
   */
  async endAllSessions(
    id: string,
    manager: Pick<EntityManager, 'query'> = this.users.manager,
  ): Promise<number> {
    const rows = await manager.query<[{ session_generation: number }[], number]>(
      'UPDATE users SET session_generation = session_generation + 1 WHERE id = $1 RETURNING session_generation',
      [id],
    );
    return rows[0][0]?.session_generation ?? 0;
  }

  async updateName(id: string, name: string | null): Promise<UserEntity> {
    await this.users.update({ id }, { name });
    const user = await this.findById(id);
    if (!user) throw new NotFoundException('Account not found.');
    return user;
  }
}
