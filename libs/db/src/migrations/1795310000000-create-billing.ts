import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1795310000000 implements MigrationInterface {
  name = 'CreateBilling1795310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The Stripe customer is created once per user and reused; plan and these columns are written by the
    // billing worker only, from the subscriptions' current state in Stripe.
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN stripe_customer_id text,
        ADD COLUMN subscription_status text,
        ADD COLUMN pro_until timestamptz,
        ADD COLUMN plan_changed_at timestamptz`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX users_stripe_customer_id_key ON users (stripe_customer_id)
        WHERE stripe_customer_id IS NOT NULL`,
    );

    // Each subscription's state as last read from Stripe; a user's plan is derived from all of theirs.
    await queryRunner.query(`
      CREATE TABLE stripe_subscriptions (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        customer_id text NOT NULL,
        status text NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        cancel_at timestamptz,
        current_period_end timestamptz,
        created_at timestamptz NOT NULL,
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX stripe_subscriptions_user_id_idx ON stripe_subscriptions (user_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX stripe_subscriptions_customer_id_idx ON stripe_subscriptions (customer_id)`,
    );

    // Every verified webhook event, stored before Stripe is answered; the id makes a replay a no-op.
    await queryRunner.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        outcome text
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stripe_events`);
    await queryRunner.query(`DROP TABLE stripe_subscriptions`);
    await queryRunner.query(`DROP INDEX users_stripe_customer_id_key`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN stripe_customer_id,
        DROP COLUMN subscription_status,
        DROP COLUMN pro_until,
        DROP COLUMN plan_changed_at`);
  }
}
