import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMediaTranscription1795400700000 implements MigrationInterface {
  name = 'CreateMediaTranscription1795400700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Recordings users upload, appended at their byte offset as a resumable upload sends them and complete once
    // every declared byte is in. Each chunk's bytes are in its row, or in an object of the EXPORT_S3_URL bucket.
    await queryRunner.query(`
      CREATE TABLE media_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        content_type text,
        declared_bytes bigint,
        received_bytes bigint NOT NULL DEFAULT 0,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (declared_bytes IS NULL OR received_bytes <= declared_bytes)
      )`);
    await queryRunner.query(`CREATE INDEX media_files_user_id ON media_files (user_id)`);
    await queryRunner.query(`
      CREATE TABLE media_file_chunks (
        media_id uuid NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
        start_byte bigint NOT NULL,
        bytes integer NOT NULL,
        data bytea,
        object_key text,
        PRIMARY KEY (media_id, start_byte),
        CHECK ((data IS NULL) <> (object_key IS NULL))
      )`);

    // A transcription in progress: where the recording was cut (decided once, so a restarted worker cuts the same
    // pieces), and each piece's segments once the speech-to-text endpoint answered, already moved by its offset.
    await queryRunner.query(`
      CREATE TABLE media_transcriptions (
        media_id uuid NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
        model text NOT NULL,
        duration_seconds double precision NOT NULL,
        pieces_json text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (media_id, model)
      )`);
    await queryRunner.query(`
      CREATE TABLE media_transcription_pieces (
        media_id uuid NOT NULL,
        model text NOT NULL,
        piece_index integer NOT NULL,
        language text,
        segments_json text NOT NULL,
        transcribed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (media_id, model, piece_index),
        FOREIGN KEY (media_id, model) REFERENCES media_transcriptions (media_id, model) ON DELETE CASCADE
      )`);

    // A transcript made by speech recognition lives with the caption transcripts, so every feature reads it the
    // same way: its source is an upload (a media id, kept when the recording itself is deleted) and it names the model.
    await queryRunner.query(
      `ALTER TABLE transcripts ADD COLUMN source_kind text NOT NULL DEFAULT 'youtube'
         CHECK (source_kind IN ('youtube', 'upload'))`,
    );
    await queryRunner.query(`ALTER TABLE transcripts ADD COLUMN media_id uuid`);
    await queryRunner.query(`ALTER TABLE transcripts ADD COLUMN transcribed_by_model text`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN youtube_id DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE transcripts ADD CONSTRAINT transcripts_source_check CHECK (
         (source_kind = 'youtube' AND youtube_id IS NOT NULL AND media_id IS NULL)
         OR (source_kind = 'upload' AND youtube_id IS NULL AND media_id IS NOT NULL))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX transcripts_media_id_key ON transcripts (media_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM transcripts WHERE source_kind = 'upload'`);
    await queryRunner.query(`DROP INDEX transcripts_media_id_key`);
    await queryRunner.query(`ALTER TABLE transcripts DROP CONSTRAINT transcripts_source_check`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN youtube_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE transcripts DROP COLUMN transcribed_by_model`);
    await queryRunner.query(`ALTER TABLE transcripts DROP COLUMN media_id`);
    await queryRunner.query(`ALTER TABLE transcripts DROP COLUMN source_kind`);
    await queryRunner.query(`DROP TABLE media_transcription_pieces`);
    await queryRunner.query(`DROP TABLE media_transcriptions`);
    await queryRunner.query(`DROP TABLE media_file_chunks`);
    await queryRunner.query(`DROP TABLE media_files`);
  }
}
