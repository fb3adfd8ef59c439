import type { MigrationInterface, QueryRunner } from 'typeorm';

export class VideoProgress1795401500000 implements MigrationInterface {
  name = 'VideoProgress1795401500000';

  // Where the user stopped watching each video of their library: the player reports it, a course shows
  // "Continue: Lecture 5 at 12:34" and the time left from it.
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE video_progress (
        video_id uuid PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE video_progress`);
  }
}
