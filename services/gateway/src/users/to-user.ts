import type { User } from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';

/** The account as the API shows it. */
export function toUser(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    plan: user.plan,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    createdAt: user.createdAt.toISOString(),
    subscriptionStatus: user.subscriptionStatus ?? null,
    proUntil: user.proUntil?.toISOString() ?? null,
  };
}
