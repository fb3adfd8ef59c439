import {
  ACCOUNT_TOKEN_LIFETIME_MS,
  hashAccountToken,
  newAccountToken,
  type AccountTokenPurpose,
} from '@lectern/contracts/runtime';
import { isRecordId } from '@lectern/contracts';
import { Pool } from 'pg';

export interface Recipient {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
}

interface RecipientRow {
  id: string;
  email: string;
  name: string | null;
  email_verified_at: Date | null;
}

const toRecipient = (row: RecipientRow): Recipient => ({
  id: row.id,
  email: row.email,
  name: row.name,
  emailVerified: row.email_verified_at !== null,
});

/** The mail worker's view of PostgreSQL (the tables belong to the gateway's migrations): accounts and link tokens. */
export class MailStore {
  private readonly pool: Pool;

  constructor(databaseUrl: string) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 4 });
    this.pool.on('error', () => undefined);
  }

  async findById(userId: string): Promise<Recipient | null> {
    if (!isRecordId(userId)) return null;
    const { rows } = await this.pool.query<RecipientRow>(
      'SELECT id, email, name, email_verified_at FROM users WHERE id = $1',
      [userId],
    );
    return rows[0] ? toRecipient(rows[0]) : null;
  }

  async findByEmail(email: string): Promise<Recipient | null> {
    const { rows } = await this.pool.query<RecipientRow>(
      'SELECT id, email, name, email_verified_at FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    return rows[0] ? toRecipient(rows[0]) : null;
  }

  /** A new single-use token for a link; only its hash is stored, the token itself goes into the mail. */
  async createToken(userId: string, purpose: AccountTokenPurpose): Promise<string> {
    const token = newAccountToken();
    const expiresAt = new Date(Date.now() + ACCOUNT_TOKEN_LIFETIME_MS[purpose]);
    await this.pool.query(
      'INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
      [userId, purpose, hashAccountToken(token), expiresAt],
    );
    return token;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
