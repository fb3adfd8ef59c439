import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeletedStripeCustomers1795332000000 implements MigrationInterface {
  name = 'DeletedStripeCustomers1795332000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The Stripe customers of deleted accounts: a subscription of one that still bills is cancelled on sight.
    // Kept apart from users (which are deleted) and holding no personal data, only Stripe's customer id.
    await queryRunner.query(`
      CREATE TABLE deleted_stripe_customers (
        customer_id text PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE deleted_stripe_customers`);
  }
}
