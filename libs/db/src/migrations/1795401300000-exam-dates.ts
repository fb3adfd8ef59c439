import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExamDates1795401300000 implements MigrationInterface {
  name = 'ExamDates1795401300000';

  // The day of the exam a video is studied for: until then its review cards are scheduled to be seen before it.
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE videos ADD COLUMN exam_date date`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE videos DROP COLUMN exam_date`);
  }
}
