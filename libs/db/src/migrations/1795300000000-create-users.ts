import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1795300000000 implements MigrationInterface {
  name = 'CreateUsers1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        name varchar(100),
        plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro')),
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE users`);
  }
}
