import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLibrary1795305000000 implements MigrationInterface {
  name = 'CreateLibrary1795305000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per YouTube video, shared by every user who analyses it: fetched from YouTube once.
    // Segments are kept as the exact JSON the API serves, so a 12,000-segment video is sent without rebuilding it.
    await queryRunner.query(`
      CREATE TABLE transcripts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        youtube_id text NOT NULL,
        title text,
        channel_name text,
        thumbnail_url text,
        duration double precision,
        caption_language text,
        captions_auto_generated boolean NOT NULL DEFAULT false,
        segment_count integer NOT NULL,
        segments_json text NOT NULL,
        transcript_text text NOT NULL,
        fetched_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX transcripts_youtube_id_key ON transcripts (youtube_id)`);

    // A user's library entry. One per user and video: the unique key makes repeated and concurrent requests idempotent.
    await queryRunner.query(`
      CREATE TABLE videos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        transcript_id uuid NOT NULL REFERENCES transcripts (id),
        youtube_id text NOT NULL,
        notes text NOT NULL DEFAULT '',
        notes_updated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT videos_user_youtube_key UNIQUE (user_id, youtube_id)
      )`);
    await queryRunner.query(`CREATE INDEX videos_user_created_idx ON videos (user_id, created_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE highlights (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        text text NOT NULL,
        start_index integer NOT NULL CHECK (start_index >= 0),
        end_index integer NOT NULL CHECK (end_index > start_index),
        color text NOT NULL CHECK (color IN ('yellow', 'blue', 'green')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX highlights_video_idx ON highlights (video_id, start_index)`);

    // What counts against the Free plan's monthly limits. Not tied to the video row, so deleting a video does
    // not give a use back; unique per counted thing, so nothing is ever counted twice.
    await queryRunner.query(`
      CREATE TABLE usage_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('transcript', 'ai_generation')),
        month char(7) NOT NULL,
        subject_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT usage_events_subject_key UNIQUE (kind, subject_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX usage_events_user_month_idx ON usage_events (user_id, kind, month)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE usage_events`);
    await queryRunner.query(`DROP TABLE highlights`);
    await queryRunner.query(`DROP TABLE videos`);
    await queryRunner.query(`DROP TABLE transcripts`);
  }
}
