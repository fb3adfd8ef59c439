import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateExportFiles1795333000000 implements MigrationInterface {
  name = 'CreateExportFiles1795333000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rendered exports on their way from the export worker to the gateway, which may run on other hosts:
    // written in chunks, marked complete (bytes set) once whole, deleted after the download or within minutes.
    await queryRunner.query(`
      CREATE TABLE export_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        format text NOT NULL,
        bytes bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX export_files_created_at ON export_files (created_at)`);
    await queryRunner.query(`CREATE INDEX export_files_user_id ON export_files (user_id)`);
    await queryRunner.query(`
      CREATE TABLE export_file_chunks (
        file_id uuid NOT NULL REFERENCES export_files (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (file_id, seq)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE export_file_chunks`);
    await queryRunner.query(`DROP TABLE export_files`);
  }
}
