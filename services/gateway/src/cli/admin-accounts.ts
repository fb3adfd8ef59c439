import { findAdminCandidates, grantAdmin, revokeAdmin, type Db } from '@lectern/db';

export interface AdminListEntry {
  email: string;
  /** Why the account is (or is not yet) an admin. */
  reason: string;
  admin: boolean;
}

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(
      `No Lectern account has the email ${email}. Check the address, or ask the person to sign up first.`,
    );
  }
}

/**
 * Grants and revokes admin by hand (`npm run admin`), beside ADMIN_EMAILS. The grant is its own column: the
 * gateway derives the role from it on every request, so a grant or revoke applies without a new sign-in.
 * The stored role is updated too, for the workers that read it.
 */
export class AdminAccounts {
  constructor(
    private readonly db: Db,
    private readonly adminEmails: readonly string[],
  ) {}

  async grant(email: string): Promise<void> {
    if (!(await grantAdmin(this.db, email))) throw new UnknownAccountError(email);
  }

  /** Answers whether the account stays an admin anyway (a confirmed address listed in ADMIN_EMAILS). */
  async revoke(email: string): Promise<boolean> {
    const role = await revokeAdmin(this.db, email, this.adminEmails);
    if (!role) throw new UnknownAccountError(email);
    return role === 'admin';
  }

  /** Every granted admin and every account ADMIN_EMAILS names, with whether it is an admin now. */
  async list(): Promise<AdminListEntry[]> {
    const rows = await findAdminCandidates(this.db, this.adminEmails);
    return rows.map((row) => {
      if (row.admin_granted_at)
        return { email: row.email, admin: true, reason: `granted ${row.admin_granted_at.toISOString()}` };
      return row.email_verified_at
        ? { email: row.email, admin: true, reason: 'ADMIN_EMAILS, email confirmed' }
        : { email: row.email, admin: false, reason: 'ADMIN_EMAILS, email not confirmed yet: not an admin' };
    });
  }
}
