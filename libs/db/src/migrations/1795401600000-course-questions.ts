import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CourseQuestions1795401600000 implements MigrationInterface {
  name = 'CourseQuestions1795401600000';

  // A question is asked of one video or of one course (answered from all its lectures), and kept in that thread.
  // Deleting the course deletes its questions; its lectures' videos and their own threads stay.
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE ai_questions
        ALTER COLUMN video_id DROP NOT NULL,
        ADD COLUMN course_id uuid REFERENCES courses (id) ON DELETE CASCADE,
        ADD CONSTRAINT ai_questions_video_or_course CHECK ((video_id IS NULL) <> (course_id IS NULL))`);
    await queryRunner.query(
      `CREATE INDEX ai_questions_course_thread_idx ON ai_questions (user_id, course_id, created_at)
         WHERE course_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM ai_questions WHERE course_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX ai_questions_course_thread_idx`);
    await queryRunner.query(`
      ALTER TABLE ai_questions
        DROP CONSTRAINT ai_questions_video_or_course,
        DROP COLUMN course_id,
        ALTER COLUMN video_id SET NOT NULL`);
  }
}
