import type { Db } from '@lectern/db';
import type { ExportHandOver } from './hand-over';
import { PostgresHandOver } from './postgres-hand-over';
import { S3HandOver } from './s3-hand-over';
import type { ExportS3Config } from './s3-url';

export * from './hand-over';
export * from './postgres-hand-over';
export * from './s3-hand-over';
export * from './s3-url';

/** The bucket when `EXPORT_S3_URL` is set, PostgreSQL (through `db`) otherwise. */
export function createExportHandOver(options: { s3: ExportS3Config | undefined; db: Db }): ExportHandOver {
  return options.s3 ? new S3HandOver(options.s3) : new PostgresHandOver(options.db);
}
