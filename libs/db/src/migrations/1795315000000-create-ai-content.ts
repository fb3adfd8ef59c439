import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAiContent1795315000000 implements MigrationInterface {
  name = 'CreateAiContent1795315000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every generation is kept; what a user sees is the newest item per feature (and per length for summaries).
    // Deleting the video deletes its content; the usage it counted stays in usage_events.
    await queryRunner.query(`
      CREATE TABLE ai_content (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        feature_type text NOT NULL
          CHECK (feature_type IN ('summary', 'insights', 'flashcards', 'cornell_notes', 'tweet', 'blog', 'action_plan')),
        summary_length text CHECK (summary_length IN ('micro', 'short', 'detailed')),
        output_text text NOT NULL,
        engine text NOT NULL,
        model text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX ai_content_newest_idx ON ai_content (video_id, feature_type, summary_length, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ai_content`);
  }
}
