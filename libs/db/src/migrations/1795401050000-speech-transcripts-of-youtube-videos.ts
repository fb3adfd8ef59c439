import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SpeechTranscriptsOfYoutubeVideos1795401050000 implements MigrationInterface {
  name = 'SpeechTranscriptsOfYoutubeVideos1795401050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A YouTube video without captions can have its audio transcribed for a user: the transcript (source kind
    // `youtube-audio`) keeps the video's YouTube id, so its page still plays it, and a recording in the media store.
    await queryRunner.query(`ALTER TABLE transcripts DROP CONSTRAINT transcripts_source_kind_check`);
    await queryRunner.query(`ALTER TABLE transcripts DROP CONSTRAINT transcripts_source_check`);
    await queryRunner.query(
      `ALTER TABLE transcripts ADD CONSTRAINT transcripts_source_check CHECK (
         (source_kind = 'youtube' AND youtube_id IS NOT NULL AND media_id IS NULL)
         OR (source_kind = 'upload' AND youtube_id IS NULL AND media_id IS NOT NULL)
         OR (source_kind = 'youtube-audio' AND youtube_id IS NOT NULL AND media_id IS NOT NULL))`,
    );
    // Only caption transcripts are the shared cache of a video's tracks: several users' transcriptions of one
    // video's audio are theirs alone, and never one of its tracks.
    await queryRunner.query(`DROP INDEX transcripts_youtube_track_key`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX transcripts_youtube_track_key
         ON transcripts (youtube_id, caption_language, captions_auto_generated) WHERE source_kind = 'youtube'`,
    );
    // Whatever a speech transcript is of, it goes with its library entry; a caption transcript stays, shared.
    await queryRunner.query(`DROP TRIGGER videos_drop_uploaded_transcript ON videos`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION drop_uploaded_transcript() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM transcripts WHERE id = OLD.transcript_id AND source_kind <> 'youtube';
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER videos_drop_speech_transcript AFTER DELETE ON videos
        FOR EACH ROW EXECUTE FUNCTION drop_uploaded_transcript()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Before, a YouTube video's transcript could only come from its captions: transcriptions of its audio go, with
    // the library entries showing them (their recordings stay in the media store, as a deleted entry's do).
    await queryRunner.query(`DROP TRIGGER videos_drop_speech_transcript ON videos`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION drop_uploaded_transcript() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM transcripts WHERE id = OLD.transcript_id AND source_kind = 'upload';
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER videos_drop_uploaded_transcript AFTER DELETE ON videos
        FOR EACH ROW WHEN (OLD.youtube_id IS NULL) EXECUTE FUNCTION drop_uploaded_transcript()`);
    await queryRunner.query(`
      DELETE FROM videos v USING transcripts t WHERE t.id = v.transcript_id AND t.source_kind = 'youtube-audio'`);
    await queryRunner.query(`DELETE FROM transcripts WHERE source_kind = 'youtube-audio'`);
    await queryRunner.query(`DROP INDEX transcripts_youtube_track_key`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX transcripts_youtube_track_key
         ON transcripts (youtube_id, caption_language, captions_auto_generated)`,
    );
    await queryRunner.query(`ALTER TABLE transcripts DROP CONSTRAINT transcripts_source_check`);
    await queryRunner.query(
      `ALTER TABLE transcripts ADD CONSTRAINT transcripts_source_check CHECK (
         (source_kind = 'youtube' AND youtube_id IS NOT NULL AND media_id IS NULL)
         OR (source_kind = 'upload' AND youtube_id IS NULL AND media_id IS NOT NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE transcripts ADD CONSTRAINT transcripts_source_kind_check
         CHECK (source_kind IN ('youtube', 'upload'))`,
    );
  }
}
