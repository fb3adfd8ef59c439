import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAiQuestions1795400000000 implements MigrationInterface {
  name = 'CreateAiQuestions1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A user's questions about one of their videos and the answers, read back as a thread (oldest first).
    // Deleting the video or the account deletes its questions; the usage they counted stays in usage_events.
    await queryRunner.query(`
      CREATE TABLE ai_questions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        question text NOT NULL,
        answer text NOT NULL,
        citations jsonb NOT NULL DEFAULT '[]'::jsonb,
        engine text NOT NULL,
        model text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX ai_questions_thread_idx ON ai_questions (user_id, video_id, created_at)`,
    );
    // Questions count against the Free plan's own monthly limit.
    for (const table of ['usage_events', 'usage_reservations']) {
      await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind_check`);
      await queryRunner.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind_check
           CHECK (kind IN ('transcript', 'ai_generation', 'ai_question'))`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['usage_events', 'usage_reservations']) {
      await queryRunner.query(`DELETE FROM ${table} WHERE kind = 'ai_question'`);
      await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind_check`);
      await queryRunner.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind_check CHECK (kind IN ('transcript', 'ai_generation'))`,
      );
    }
    await queryRunner.query(`DROP TABLE ai_questions`);
  }
}
