import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Courses1795401400000 implements MigrationInterface {
  name = 'Courses1795401400000';

  // A course is a user's ordered list of lectures (docs/data-model.md, "Courses"). A lecture points at a library
  // video; an imported one that is not analysed yet has only its YouTube id, title and state. Deleting a course
  // keeps its videos; deleting a video takes it out of every course.
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE courses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        title text NOT NULL,
        exam_date date,
        playlist_id text,
        notices text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX courses_user_idx ON courses (user_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE course_lectures (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        position integer NOT NULL,
        video_id uuid REFERENCES videos (id) ON DELETE CASCADE,
        youtube_id text,
        title text,
        duration integer,
        state text NOT NULL CHECK (state IN ('waiting', 'fetching', 'ready', 'failed', 'limited')),
        message text,
        held_until timestamptz,
        CHECK (video_id IS NOT NULL OR youtube_id IS NOT NULL),
        CHECK ((state = 'ready') = (video_id IS NOT NULL)),
        UNIQUE (course_id, position),
        UNIQUE (course_id, video_id)
      )`);
    await queryRunner.query(`CREATE INDEX course_lectures_video_idx ON course_lectures (video_id)`);
    // The lectures an import has yet to analyse, for the gateways' scan of imports to take up.
    await queryRunner.query(
      `CREATE INDEX course_lectures_unfinished_idx ON course_lectures (held_until)
         WHERE state IN ('waiting', 'fetching')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE course_lectures`);
    await queryRunner.query(`DROP TABLE courses`);
  }
}
