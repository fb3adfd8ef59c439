import type { MigrationInterface, QueryRunner } from 'typeorm';

const FEATURES_BEFORE = `'summary', 'insights', 'flashcards', 'cornell_notes', 'outline', 'tweet', 'blog', 'action_plan'`;

export class Quizzes1795401100000 implements MigrationInterface {
  name = 'Quizzes1795401100000';

  // A quiz is stored like every other feature: its Markdown is the ai_content item's output_text.
  async up(queryRunner: QueryRunner): Promise<void> {
    await this.allowFeatures(queryRunner, `${FEATURES_BEFORE}, 'quiz'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM ai_content WHERE feature_type = 'quiz'`);
    await this.allowFeatures(queryRunner, FEATURES_BEFORE);
  }

  private async allowFeatures(queryRunner: QueryRunner, features: string): Promise<void> {
    await queryRunner.query(`ALTER TABLE ai_content DROP CONSTRAINT ai_content_feature_type_check`);
    await queryRunner.query(`
      ALTER TABLE ai_content ADD CONSTRAINT ai_content_feature_type_check
        CHECK (feature_type IN (${features}))`);
  }
}
