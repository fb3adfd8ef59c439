import type { Pool } from 'pg';

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
    private readonly pool: Pool,
    private readonly adminEmails: readonly string[],
  ) {}

  async grant(email: string): Promise<void> {
    const { rowCount } = await this.pool.query(
      `UPDATE users SET admin_granted_at = coalesce(admin_granted_at, now()), role = 'admin'
        WHERE lower(email) = lower($1)`,
      [email],
    );
    if (!rowCount) throw new UnknownAccountError(email);
  }

  /** Answers whether the account stays an admin anyway (a confirmed address listed in ADMIN_EMAILS). */
  async revoke(email: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ role: string }>(
      `UPDATE users SET admin_granted_at = NULL,
              role = CASE WHEN lower(email) = ANY($2::text[]) AND email_verified_at IS NOT NULL
                          THEN 'admin' ELSE 'user' END
        WHERE lower(email) = lower($1)
        RETURNING role`,
      [email, this.adminEmails],
    );
    if (!rows[0]) throw new UnknownAccountError(email);
    return rows[0].role === 'admin';
  }

  /** Every granted admin and every account ADMIN_EMAILS names, with whether it is an admin now. */
  async list(): Promise<AdminListEntry[]> {
    const { rows } = await this.pool.query<{
      email: string;
      admin_granted_at: Date | null;
      email_verified_at: Date | null;
    }>(
      `SELECT email, admin_granted_at, email_verified_at FROM users
        WHERE admin_granted_at IS NOT NULL OR lower(email) = ANY($1::text[])
        ORDER BY lower(email)`,
      [this.adminEmails],
    );
    return rows.map((row) => {
      if (row.admin_granted_at)
        return { email: row.email, admin: true, reason: `granted ${row.admin_granted_at.toISOString()}` };
      return row.email_verified_at
        ? { email: row.email, admin: true, reason: 'ADMIN_EMAILS, email confirmed' }
        : { email: row.email, admin: false, reason: 'ADMIN_EMAILS, email not confirmed yet: not an admin' };
    });
  }
}
