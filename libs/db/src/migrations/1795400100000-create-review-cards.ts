import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateReviewCards1795400100000 implements MigrationInterface {
  name = 'CreateReviewCards1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The flashcards generation a video's review cards were last brought in line with (docs/data-model.md,
    // "Review cards"). No foreign key to ai_content: the row only says which generation was read.
    await queryRunner.query(`
      CREATE TABLE review_decks (
        video_id uuid PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
        ai_content_id uuid NOT NULL,
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One card per question of a video's flashcards, with its FSRS state. A card whose question left the
    // flashcards is retired (never due) but keeps its history, which returns if the question does.
    await queryRunner.query(`
      CREATE TABLE review_cards (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        question_key text NOT NULL,
        question text NOT NULL,
        answer text NOT NULL,
        position integer NOT NULL,
        retired_at timestamptz,
        due timestamptz NOT NULL,
        stability double precision NOT NULL,
        difficulty double precision NOT NULL,
        elapsed_days integer NOT NULL,
        scheduled_days integer NOT NULL,
        learning_steps integer NOT NULL,
        reps integer NOT NULL,
        lapses integer NOT NULL,
        state text NOT NULL CHECK (state IN ('new', 'learning', 'review', 'relearning')),
        last_review timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (video_id, question_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX review_cards_due_idx ON review_cards (user_id, due) WHERE retired_at IS NULL`,
    );
    // Every rating given, with the card's schedule as it was before it (FSRS's review log).
    await queryRunner.query(`
      CREATE TABLE review_logs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        card_id uuid NOT NULL REFERENCES review_cards (id) ON DELETE CASCADE,
        rating text NOT NULL CHECK (rating IN ('again', 'hard', 'good', 'easy')),
        state text NOT NULL CHECK (state IN ('new', 'learning', 'review', 'relearning')),
        due timestamptz NOT NULL,
        stability double precision NOT NULL,
        difficulty double precision NOT NULL,
        elapsed_days integer NOT NULL,
        last_elapsed_days integer NOT NULL,
        scheduled_days integer NOT NULL,
        learning_steps integer NOT NULL,
        reviewed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX review_logs_card_idx ON review_logs (card_id, reviewed_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE review_logs`);
    await queryRunner.query(`DROP TABLE review_cards`);
    await queryRunner.query(`DROP TABLE review_decks`);
  }
}
