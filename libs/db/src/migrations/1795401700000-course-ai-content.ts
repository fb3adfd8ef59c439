import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CourseAiContent1795401700000 implements MigrationInterface {
  name = 'CourseAiContent1795401700000';

  // A course's outline and summary, written from its lectures' own. What a user sees is the newest of each type.
  // Deleting the course deletes them; its lectures' videos and their own content stay, and so does the usage
  // they counted (usage_events).
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE course_ai_content (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('outline', 'summary')),
        output jsonb NOT NULL,
        engine text NOT NULL,
        model text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX course_ai_content_newest_idx ON course_ai_content (course_id, type, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE course_ai_content`);
  }
}
