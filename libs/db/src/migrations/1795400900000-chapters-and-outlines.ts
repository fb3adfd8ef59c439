import type { MigrationInterface, QueryRunner } from 'typeorm';

const FEATURES_BEFORE = `'summary', 'insights', 'flashcards', 'cornell_notes', 'tweet', 'blog', 'action_plan'`;

/** The `transcripts` columns the stored answer prefix is made from, now with the chapters. */
const ANSWER_SOURCE_COLUMNS = [
  'id',
  'youtube_id',
  'title',
  'channel_name',
  'thumbnail_url',
  'duration',
  'caption_language',
  'captions_auto_generated',
  'transcript_text',
  'segments_json',
  'chapters_json',
];

export class ChaptersAndOutlines1795400900000 implements MigrationInterface {
  name = 'ChaptersAndOutlines1795400900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // YouTube's own chapters (Chapter[] as JSON), read from the description when the transcript is fetched.
    // Transcripts stored before have none until they are fetched again.
    await queryRunner.query(`ALTER TABLE transcripts ADD COLUMN chapters_json text NOT NULL DEFAULT '[]'`);
    // The stored answer prefix now carries the chapters: its copy goes when they change, as for the other columns.
    await this.answerTrigger(queryRunner, ANSWER_SOURCE_COLUMNS);
    await queryRunner.query(`ALTER TABLE ai_content DROP CONSTRAINT ai_content_feature_type_check`);
    await queryRunner.query(`
      ALTER TABLE ai_content ADD CONSTRAINT ai_content_feature_type_check
        CHECK (feature_type IN (${FEATURES_BEFORE}, 'outline'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM ai_content WHERE feature_type = 'outline'`);
    await queryRunner.query(`ALTER TABLE ai_content DROP CONSTRAINT ai_content_feature_type_check`);
    await queryRunner.query(`
      ALTER TABLE ai_content ADD CONSTRAINT ai_content_feature_type_check
        CHECK (feature_type IN (${FEATURES_BEFORE}))`);
    await this.answerTrigger(
      queryRunner,
      ANSWER_SOURCE_COLUMNS.filter((column) => column !== 'chapters_json'),
    );
    await queryRunner.query(`ALTER TABLE transcripts DROP COLUMN chapters_json`);
  }

  private async answerTrigger(queryRunner: QueryRunner, columns: string[]): Promise<void> {
    await queryRunner.query(`DROP TRIGGER transcripts_drop_stale_answer ON transcripts`);
    const changed = columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
    await queryRunner.query(`
      CREATE TRIGGER transcripts_drop_stale_answer
        AFTER UPDATE OF ${columns.join(', ')} ON transcripts
        FOR EACH ROW WHEN (${changed})
        EXECUTE FUNCTION drop_stale_transcript_answer()`);
  }
}
