import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CaptionTracks1795330000000 implements MigrationInterface {
  name = 'CaptionTracks1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The shared cache keeps one row per caption track of a video, so switching tracks fetches from YouTube
    // once per track; 'und' stands for a language YouTube did not name.
    await queryRunner.query(`UPDATE transcripts SET caption_language = 'und' WHERE caption_language IS NULL`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language SET DEFAULT 'und'`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language SET NOT NULL`);
    await queryRunner.query(`DROP INDEX transcripts_youtube_id_key`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX transcripts_youtube_track_key
         ON transcripts (youtube_id, caption_language, captions_auto_generated)`,
    );
    // Every track YouTube lists for the video (CaptionTrack[], manual ones first), refreshed on each fetch.
    await queryRunner.query(
      `ALTER TABLE transcripts ADD COLUMN caption_tracks_json text NOT NULL DEFAULT '[]'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Going back to one row per video keeps the oldest row of each video; library entries pointing at the
    // others are moved onto it first.
    await queryRunner.query(`
      WITH keep AS (
        SELECT DISTINCT ON (youtube_id) youtube_id, id FROM transcripts ORDER BY youtube_id, fetched_at, id
      )
      UPDATE videos SET transcript_id = keep.id FROM keep
       WHERE videos.youtube_id = keep.youtube_id AND videos.transcript_id <> keep.id`);
    await queryRunner.query(`
      DELETE FROM transcripts t
       WHERE EXISTS (
         SELECT 1 FROM transcripts o
          WHERE o.youtube_id = t.youtube_id AND (o.fetched_at, o.id) < (t.fetched_at, t.id))`);
    await queryRunner.query(`ALTER TABLE transcripts DROP COLUMN caption_tracks_json`);
    await queryRunner.query(`DROP INDEX transcripts_youtube_track_key`);
    await queryRunner.query(`CREATE UNIQUE INDEX transcripts_youtube_id_key ON transcripts (youtube_id)`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE transcripts ALTER COLUMN caption_language DROP DEFAULT`);
  }
}
