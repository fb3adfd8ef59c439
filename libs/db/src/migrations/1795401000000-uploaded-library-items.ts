import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UploadedLibraryItems1795401000000 implements MigrationInterface {
  name = 'UploadedLibraryItems1795401000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A recording the user uploaded is a library entry without a YouTube video; its transcript row (source kind
    // `upload`) exists from the moment the upload is whole, empty and without a model until the media worker
    // fills it, so the entry shows in the library while it is transcribed.
    await queryRunner.query(`ALTER TABLE videos ALTER COLUMN youtube_id DROP NOT NULL`);
    // A recording's transcript is its uploader's alone: it goes with the library entry (and so with the account),
    // never left behind as the shared YouTube transcripts are.
    await queryRunner.query(`
      CREATE FUNCTION drop_uploaded_transcript() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM transcripts WHERE id = OLD.transcript_id AND source_kind = 'upload';
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER videos_drop_uploaded_transcript AFTER DELETE ON videos
        FOR EACH ROW WHEN (OLD.youtube_id IS NULL) EXECUTE FUNCTION drop_uploaded_transcript()`);
    // Minutes of audio transcribed, counted once per recording when its transcript is stored (never on failure),
    // kept when the recording or its library entry is deleted, so deleting gives no minutes back.
    await queryRunner.query(`
      CREATE TABLE transcription_usage (
        media_id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        month char(7) NOT NULL,
        seconds double precision NOT NULL CHECK (seconds >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX transcription_usage_user_month ON transcription_usage (user_id, month)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE transcription_usage`);
    await queryRunner.query(`DROP TRIGGER videos_drop_uploaded_transcript ON videos`);
    await queryRunner.query(`DROP FUNCTION drop_uploaded_transcript()`);
    await queryRunner.query(`DELETE FROM videos WHERE youtube_id IS NULL`);
    await queryRunner.query(`ALTER TABLE videos ALTER COLUMN youtube_id SET NOT NULL`);
  }
}
