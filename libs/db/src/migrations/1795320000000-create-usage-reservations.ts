import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsageReservations1795320000000 implements MigrationInterface {
  name = 'CreateUsageReservations1795320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A Free user's use held by a job still running: it counts against the monthly limit until the job's result
    // is recorded in usage_events (the row is then deleted) or the job fails (deleted too). A reservation left
    // by a crashed gateway stops counting at expires_at, when its job can no longer be running.
    // subject_key lets a second request for the same thing (the same video) share the first one's reservation.
    await queryRunner.query(`
      CREATE TABLE usage_reservations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('transcript', 'ai_generation')),
        subject_key text NOT NULL,
        reserved_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT usage_reservations_subject_key UNIQUE (user_id, kind, subject_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX usage_reservations_user_expiry_idx ON usage_reservations (user_id, kind, expires_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE usage_reservations`);
  }
}
