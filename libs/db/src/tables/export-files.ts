import type { Db } from '../db';

/**
 * An `export_files` row: a rendered export waiting for its download, its bytes in `export_file_chunks`.
 * `bytes` is null while the export worker is still writing it: such a file is never served.
 */
export interface ExportFileRow {
  id: string;
  user_id: string;
  format: string;
  bytes: number | null;
  created_at: Date;
}

/** Files older than this were never downloaded (the user left, the request timed out, a render crashed). */
export const EXPORT_FILE_MAX_AGE_MS = 15 * 60 * 1000;

/** How many chunks one query reads: a download holds no more than these (and the response's buffer) at once. */
const CHUNKS_PER_READ = 4;

export async function insertExportFile(db: Db, file: { userId: string; format: string }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO export_files (user_id, format) VALUES ($1, $2) RETURNING id',
    [file.userId, file.format],
  );
  return rows[0]!.id;
}

export async function appendExportFileChunk(
  db: Db,
  fileId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.query('INSERT INTO export_file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
    fileId,
    seq,
    data,
  ]);
}

/** Marks the file whole, with its size: from now on it can be downloaded. */
export async function completeExportFile(db: Db, fileId: string, bytes: number): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE export_files SET bytes = $2 WHERE id = $1 AND bytes IS NULL', [
    fileId,
    bytes,
  ]);
  return rowCount === 1;
}

/** A complete file, or null when it does not exist (any more) or is still being written. */
export async function findCompleteExportFile(db: Db, fileId: string): Promise<ExportFileRow | null> {
  const { rows } = await db.query<ExportFileRow & { bytes: string }>(
    'SELECT id, user_id, format, bytes, created_at FROM export_files WHERE id = $1 AND bytes IS NOT NULL',
    [fileId],
  );
  const row = rows[0];
  // bigint arrives as a string; an export is far below 2^53 bytes.
  return row ? { ...row, bytes: Number(row.bytes) } : null;
}

/** The file's chunks in order, read a few at a time, so a large file never sits whole in memory. */
export async function* readExportFileChunks(db: Db, fileId: string): AsyncGenerator<Buffer> {
  let after = -1;
  for (;;) {
    const { rows } = await db.query<{ seq: number; data: Buffer }>(
      'SELECT seq, data FROM export_file_chunks WHERE file_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [fileId, after, CHUNKS_PER_READ],
    );
    for (const row of rows) yield row.data;
    if (rows.length < CHUNKS_PER_READ) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/** Deletes the file and its chunks; answers whether it was there. */
export async function deleteExportFile(db: Db, fileId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM export_files WHERE id = $1', [fileId]);
  return rowCount === 1;
}

/** Deletes files (complete or not) created more than `maxAgeMs` ago, by the database's clock; answers how many. */
export async function deleteExportFilesOlderThan(db: Db, maxAgeMs = EXPORT_FILE_MAX_AGE_MS): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM export_files WHERE created_at < now() - $1 * interval '1 millisecond'`,
    [maxAgeMs],
  );
  return rowCount ?? 0;
}
