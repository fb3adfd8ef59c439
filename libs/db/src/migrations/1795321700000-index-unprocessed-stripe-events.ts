import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IndexUnprocessedStripeEvents1795321700000 implements MigrationInterface {
  name = 'IndexUnprocessedStripeEvents1795321700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The billing worker's reconciler looks for unprocessed events every minute or so: only those are indexed.
    await queryRunner.query(
      `CREATE INDEX stripe_events_unprocessed_idx ON stripe_events (received_at) WHERE processed_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX stripe_events_unprocessed_idx`);
  }
}
