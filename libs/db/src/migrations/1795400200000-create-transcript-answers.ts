import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTranscriptAnswers1795400200000 implements MigrationInterface {
  name = 'CreateTranscriptAnswers1795400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The part of a video's API answer that comes from its transcript, which never changes once stored,
    // compressed once (Brotli and deflate, both flushed but not finished) so that each request only appends
    // the video's own fields (notes, highlights) to these bytes. `format` names the layout of the answer they
    // were made for: a row of another format is made again before it is served.
    await queryRunner.query(`
      CREATE TABLE transcript_answers (
        transcript_id uuid PRIMARY KEY REFERENCES transcripts (id) ON DELETE CASCADE,
        format integer NOT NULL,
        plain_bytes bigint NOT NULL,
        plain_sha1 text NOT NULL,
        plain_crc32 bigint NOT NULL,
        brotli bytea NOT NULL,
        deflate bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE transcript_answers`);
  }
}
