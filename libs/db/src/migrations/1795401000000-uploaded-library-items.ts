import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UploadedLibraryItems1795401000000 implements MigrationInterface {
  name = 'UploadedLibraryItems1795401000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A recording the user uploaded is a library entry without a YouTube video; its transcript row (source kind
    // `upload`) exists from the moment the upload is whole, empty and without a model until the media worker
    // fills it, so the entry shows in the library while it is transcribed.
    await queryRunner.query(`ALTER TABLE videos ALTER COLUMN youtube_id DROP NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM videos WHERE youtube_id IS NULL`);
    await queryRunner.query(`ALTER TABLE videos ALTER COLUMN youtube_id SET NOT NULL`);
  }
}
