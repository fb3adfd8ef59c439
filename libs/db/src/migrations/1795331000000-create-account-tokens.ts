import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccountTokens1795331000000 implements MigrationInterface {
  name = 'CreateAccountTokens1795331000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // email_verified_at: the owner followed a confirmation link. admin_granted_at: an operator granted admin
    // (`npm run admin`). session_generation: raised to end every session of the account at once; a session
    // remembers the generation it was signed in under and is worthless once it differs.
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN email_verified_at timestamptz,
        ADD COLUMN admin_granted_at timestamptz,
        ADD COLUMN session_generation integer NOT NULL DEFAULT 0`);

    // The links mailed to a user (confirm the email, reset the password). Only a SHA-256 of each token is kept;
    // a token is spent by setting used_at, once.
    await queryRunner.query(`
      CREATE TABLE user_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        token_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT user_tokens_token_hash_key UNIQUE (token_hash)
      )`);
    await queryRunner.query(`CREATE INDEX user_tokens_user_purpose_idx ON user_tokens (user_id, purpose)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_tokens`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN email_verified_at,
        DROP COLUMN admin_granted_at,
        DROP COLUMN session_generation`);
  }
}
