import { hasProAccess, type Lane, type User } from '@lectern/contracts';

/** Pro and admin jobs go ahead of Free ones in every queue. */
export function laneFor(user: Pick<User, 'plan' | 'role'>): Lane {
  return hasProAccess(user) ? 'pro' : 'free';
}
