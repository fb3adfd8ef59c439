import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { UserRecord } from '@lectern/db';
import { AuthService } from './auth.service';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<UserRecord> {
    const user = await this.auth.validateCredentials(email, password);
    if (!user) throw new UnauthorizedException(INVALID_CREDENTIALS);
    return user;
  }
}
