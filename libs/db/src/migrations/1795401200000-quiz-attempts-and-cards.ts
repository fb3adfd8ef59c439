import type { MigrationInterface, QueryRunner } from 'typeorm';

export class QuizAttemptsAndCards1795401200000 implements MigrationInterface {
  name = 'QuizAttemptsAndCards1795401200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each attempt at a video's quiz with its answers and score (docs/data-model.md, "Quiz attempts"). No
    // foreign key to ai_content: pruning old quizzes must not take the student's progress with it.
    await queryRunner.query(`
      CREATE TABLE quiz_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        ai_content_id uuid NOT NULL,
        answers_json jsonb NOT NULL,
        results_json jsonb NOT NULL,
        score integer NOT NULL CHECK (score >= 0),
        total integer NOT NULL CHECK (total >= score),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX quiz_attempts_video_idx ON quiz_attempts (video_id, created_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE quiz_settings (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        auto_review_wrong_answers boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Review cards now come from flashcards or from quiz questions; a flashcards sync retires only its own.
    await queryRunner.query(`
      ALTER TABLE review_cards
        ADD COLUMN source text NOT NULL DEFAULT 'flashcards' CHECK (source IN ('flashcards', 'quiz')),
        ADD COLUMN moment_start double precision CHECK (moment_start >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM review_cards WHERE source = 'quiz'`);
    await queryRunner.query(`ALTER TABLE review_cards DROP COLUMN moment_start, DROP COLUMN source`);
    await queryRunner.query(`DROP TABLE quiz_settings`);
    await queryRunner.query(`DROP TABLE quiz_attempts`);
  }
}
