import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every `transcripts` column the stored answer prefix is made from (transcriptAnswerPrefix). */
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
];

export class DropStaleTranscriptAnswers1795400300000 implements MigrationInterface {
  name = 'DropStaleTranscriptAnswers1795400300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A stored answer prefix is a copy of its transcript row: when a column it is made from changes, the copy
    // goes in the same transaction, and the next read serves (and stores again) the row as it now is.
    await queryRunner.query(`
      CREATE FUNCTION drop_stale_transcript_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM transcript_answers WHERE transcript_id = OLD.id;
        RETURN NULL;
      END
      $$`);
    const changed = ANSWER_SOURCE_COLUMNS.map(
      (column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`,
    ).join(' OR ');
    await queryRunner.query(`
      CREATE TRIGGER transcripts_drop_stale_answer
        AFTER UPDATE OF ${ANSWER_SOURCE_COLUMNS.join(', ')} ON transcripts
        FOR EACH ROW WHEN (${changed})
        EXECUTE FUNCTION drop_stale_transcript_answer()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER transcripts_drop_stale_answer ON transcripts`);
    await queryRunner.query(`DROP FUNCTION drop_stale_transcript_answer()`);
  }
}
