import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';

type Done<T> = (error: unknown, value?: T) => void;

/**
 * The session keeps only the user id; every request reads the account afresh and decides its role again, so
 * plan changes and a change to ADMIN_EMAILS apply at once.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: UserEntity, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: Done<UserEntity | false>): void {
    this.users
      .findById(id)
      .then((user) => (user ? this.users.syncRole(user) : null))
      .then(
        (user) => done(null, user ?? false),
        (error: unknown) => done(error),
      );
  }
}
