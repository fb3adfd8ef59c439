import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StripePricesAndPrunedEvents1795400600000 implements MigrationInterface {
  name = 'StripePricesAndPrunedEvents1795400600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Only a subscription to STRIPE_PRICE_ID grants Pro: each stored subscription records its prices. Rows stored
    // before have none (NULL) and count as before until their subscription is next read from Stripe.
    await queryRunner.query(`ALTER TABLE stripe_subscriptions ADD COLUMN price_ids text[]`);
    // A processed event keeps only its id, type and times (a replay stays a no-op): the payload, with the
    // customer's email and name in it, is dropped, and so is that of every event already processed.
    await queryRunner.query(`ALTER TABLE stripe_events ALTER COLUMN payload DROP NOT NULL`);
    await queryRunner.query(`UPDATE stripe_events SET payload = NULL WHERE processed_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE stripe_events SET payload = '{}'::jsonb WHERE payload IS NULL`);
    await queryRunner.query(`ALTER TABLE stripe_events ALTER COLUMN payload SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE stripe_subscriptions DROP COLUMN price_ids`);
  }
}
