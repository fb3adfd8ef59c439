import type { Db } from '../db';

/**
 * A `media_files` row: a recording a user uploads, its bytes in `media_file_chunks` in the order they were
 * appended. `completed_at` is set once every byte is in; only then is it transcribed.
 */
export interface MediaFileRow {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string | null;
  /** The size the upload announced; null while it is deferred (tus `Upload-Defer-Length`). */
  declared_bytes: number | null;
  received_bytes: number;
  completed_at: Date | null;
  created_at: Date;
}

/** One chunk as appended: its bytes in the row, or the key of the object holding them. */
export interface MediaChunkRow {
  start_byte: number;
  bytes: number;
  data: Buffer | null;
  object_key: string | null;
}

const CHUNKS_PER_READ = 4;

export async function insertMediaFile(
  db: Db,
  file: { userId: string; fileName: string; contentType: string | null; declaredBytes: number | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO media_files (user_id, file_name, content_type, declared_bytes) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [file.userId, file.fileName, file.contentType, file.declaredBytes],
  );
  return rows[0]!.id;
}

type RawMediaFileRow = Omit<MediaFileRow, 'declared_bytes' | 'received_bytes'> & {
  declared_bytes: string | null;
  received_bytes: string;
};

export async function findMediaFile(db: Db, mediaId: string): Promise<MediaFileRow | null> {
  const { rows } = await db.query<RawMediaFileRow>(
    `SELECT id, user_id, file_name, content_type, declared_bytes, received_bytes, completed_at, created_at
       FROM media_files WHERE id = $1`,
    [mediaId],
  );
  const row = rows[0];
  // bigint arrives as a string; a recording is far below 2^53 bytes.
  return row
    ? {
        ...row,
        declared_bytes: row.declared_bytes === null ? null : Number(row.declared_bytes),
        received_bytes: Number(row.received_bytes),
      }
    : null;
}

/**
 * Appends a chunk at `startByte`, in one statement: only when that is exactly where the file ends, the file is
 * not complete and the chunk stays within the declared size. Answers whether it was appended (a chunk sent
 * twice, or at a wrong offset, is not).
 */
export async function appendMediaChunk(
  db: Db,
  mediaId: string,
  startByte: number,
  chunk: { data: Buffer } | { objectKey: string; bytes: number },
): Promise<boolean> {
  const bytes = 'data' in chunk ? chunk.data.length : chunk.bytes;
  const { rows } = await db.query<{ start_byte: string }>(
    `WITH moved AS (
       UPDATE media_files SET received_bytes = received_bytes + $3
        WHERE id = $1 AND received_bytes = $2 AND completed_at IS NULL
          AND (declared_bytes IS NULL OR received_bytes + $3 <= declared_bytes)
       RETURNING id)
     INSERT INTO media_file_chunks (media_id, start_byte, bytes, data, object_key)
     SELECT id, $2, $3, $4, $5 FROM moved RETURNING start_byte`,
    [
      mediaId,
      startByte,
      bytes,
      'data' in chunk ? chunk.data : null,
      'data' in chunk ? null : chunk.objectKey,
    ],
  );
  return rows.length === 1;
}

/** Marks the file whole: answers false unless every declared byte is in (an undeclared size becomes what arrived). */
export async function completeMediaFile(db: Db, mediaId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE media_files SET completed_at = now(), declared_bytes = received_bytes
      WHERE id = $1 AND completed_at IS NULL AND (declared_bytes IS NULL OR declared_bytes = received_bytes)`,
    [mediaId],
  );
  return rowCount === 1;
}

/** The file's chunks in order, a few per query, so a recording of hours never sits whole in memory. */
export async function* readMediaChunks(db: Db, mediaId: string): AsyncGenerator<MediaChunkRow> {
  let after = -1;
  for (;;) {
    const { rows } = await db.query<Omit<MediaChunkRow, 'start_byte'> & { start_byte: string }>(
      `SELECT start_byte, bytes, data, object_key FROM media_file_chunks
        WHERE media_id = $1 AND start_byte > $2 ORDER BY start_byte LIMIT $3`,
      [mediaId, after, CHUNKS_PER_READ],
    );
    for (const row of rows) yield { ...row, start_byte: Number(row.start_byte) };
    if (rows.length < CHUNKS_PER_READ) return;
    after = Number(rows[rows.length - 1]!.start_byte);
  }
}

/** The keys of the objects holding the file's chunks (when they are kept in a bucket). */
export async function mediaChunkObjectKeys(db: Db, mediaId: string): Promise<string[]> {
  const { rows } = await db.query<{ object_key: string }>(
    `SELECT object_key FROM media_file_chunks WHERE media_id = $1 AND object_key IS NOT NULL ORDER BY start_byte`,
    [mediaId],
  );
  return rows.map((row) => row.object_key);
}

/** The bucket objects holding every recording of the user (the rows go with the account; the objects do not). */
export async function mediaObjectKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ object_key: string }>(
    `SELECT c.object_key FROM media_file_chunks c JOIN media_files f ON f.id = c.media_id
      WHERE f.user_id = $1 AND c.object_key IS NOT NULL`,
    [userId],
  );
  return rows.map((row) => row.object_key);
}

/** Deletes the file, its chunks and any transcription in progress; answers whether it was there. */
export async function deleteMediaFile(db: Db, mediaId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM media_files WHERE id = $1', [mediaId]);
  return rowCount === 1;
}

/** Empties a file still being written so it is written again from its first byte (a whole file is left as is). */
export async function discardMediaChunks(db: Db, mediaId: string): Promise<void> {
  await db.query(
    `WITH emptied AS (
       UPDATE media_files SET received_bytes = 0 WHERE id = $1 AND completed_at IS NULL RETURNING id)
     DELETE FROM media_file_chunks WHERE media_id IN (SELECT id FROM emptied)`,
    [mediaId],
  );
}
