import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { SignupRequestSchema } from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import { UsersService } from '../users/users.service';
import { PasswordHasher } from './password-hasher';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
  ) {}

  async signup(input: z.output<typeof SignupRequestSchema>): Promise<UserRecord> {
    const passwordHash = await this.hasher.hash(input.password);
    const name = input.name && input.name !== '' ? input.name : null;
    return this.users.create({ email: input.email, name, passwordHash });
  }

  /** The account for these credentials, or null; costs one argon2 verification either way. */
  async validateCredentials(email: string, password: string): Promise<UserRecord | null> {
    const user = await this.users.findForLogin(email);
    const valid = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !valid) return null;
    const { passwordHash: _hash, ...rest } = user;
    return this.users.syncRole(rest);
  }
}
