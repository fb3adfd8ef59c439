import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { UserRecord } from '@lectern/db';
import { UsersService } from '../users/users.service';

type Done<T> = (error: unknown, value?: T) => void;

/** What a session stores of its user: the id, and the session generation it was signed in under. */
export interface SessionUser {
  id: string;
  generation: number;
}

/** Sessions stored before generations existed hold the bare id: they belong to generation 0. */
function sessionUserOf(stored: unknown): SessionUser | null {
  if (typeof stored === 'string') return { id: stored, generation: 0 };
  if (typeof stored !== 'object' || stored === null) return null;
  const { id, generation } = stored as Partial<SessionUser>;
  return typeof id === 'string' && typeof generation === 'number' ? { id, generation } : null;
}

/**
 * The session keeps only the user id and its generation; every request reads the account afresh and decides
 * its role again, so plan changes and a change to ADMIN_EMAILS apply at once. A session of an older generation
 * (the password was changed or reset, or the user signed out everywhere) or of a deleted account is no longer
 * signed in. The generation lives in PostgreSQL beside the account, so ending sessions needs no list of them
 * that could drift from the store.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: UserRecord, done: Done<SessionUser>): void {
    done(null, { id: user.id, generation: user.sessionGeneration ?? 0 });
  }

  deserializeUser(stored: unknown, done: Done<UserRecord | false>): void {
    const session = sessionUserOf(stored);
    if (!session) {
      done(null, false);
      return;
    }
    this.users
      .findById(session.id)
      .then((user) =>
        user && user.sessionGeneration === session.generation ? this.users.syncRole(user) : null,
      )
      .then(
        (user) => done(null, user ?? false),
        (error: unknown) => done(error),
      );
  }
}
