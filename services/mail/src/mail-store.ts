import { isRecordId } from '@lectern/contracts';
import {
  ACCOUNT_TOKEN_LIFETIME_MS,
  createPool,
  findRecipientByEmail,
  findRecipientById,
  hashAccountToken,
  insertUserToken,
  newAccountToken,
  type AccountTokenPurpose,
  type RecipientRow,
  type StoreOptions,
} from '@lectern/db';
import type { Pool } from 'pg';

export interface Recipient {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
}

const toRecipient = (row: RecipientRow): Recipient => ({
  id: row.id,
  email: row.email,
  name: row.name,
  emailVerified: row.email_verified_at !== null,
});

/** The mail worker's view of PostgreSQL (the tables belong to @lectern/db's migrations): accounts and link tokens. */
export class MailStore {
  private readonly pool: Pool;

  constructor(options: StoreOptions) {
    this.pool = createPool(options.databaseUrl, { max: options.maxConnections });
  }

  async findById(userId: string): Promise<Recipient | null> {
    if (!isRecordId(userId)) return null;
    const row = await findRecipientById(this.pool, userId);
    return row ? toRecipient(row) : null;
  }

  async findByEmail(email: string): Promise<Recipient | null> {
    const row = await findRecipientByEmail(this.pool, email);
    return row ? toRecipient(row) : null;
  }

  /** A new single-use token for a link; only its hash is stored, the token itself goes into the mail. */
  async createToken(userId: string, purpose: AccountTokenPurpose): Promise<string> {
    const token = newAccountToken();
    const expiresAt = new Date(Date.now() + ACCOUNT_TOKEN_LIFETIME_MS[purpose]);
    await insertUserToken(this.pool, { userId, purpose, tokenHash: hashAccountToken(token), expiresAt });
    return token;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
