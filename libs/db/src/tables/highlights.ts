import type { HighlightColor } from '@lectern/contracts';
import type { Db } from '../db';

/** A `highlights` row: its offsets index exactly its text in the video's transcript text. */
export interface HighlightRow {
  id: string;
  video_id: string;
  text: string;
  start_index: number;
  end_index: number;
  color: HighlightColor;
  created_at: Date;
}

/** Every highlight of the user's videos (the account export). */
export async function findHighlightsOfUser(
  db: Db,
  userId: string,
): Promise<Omit<HighlightRow, 'created_at'>[]> {
  const { rows } = await db.query<Omit<HighlightRow, 'created_at'>>(
    `SELECT h.id, h.video_id, h.text, h.start_index, h.end_index, h.color
       FROM highlights h JOIN videos v ON v.id = h.video_id
      WHERE v.user_id = $1 ORDER BY h.start_index, h.created_at`,
    [userId],
  );
  return rows;
}

/** What an export document shows of a video's highlights, in reading order. */
export type HighlightExportRow = Pick<HighlightRow, 'text' | 'start_index' | 'end_index'> & { color: string };

export async function findHighlightsForExport(db: Db, videoId: string): Promise<HighlightExportRow[]> {
  const { rows } = await db.query<HighlightExportRow>(
    `SELECT text, start_index, end_index, color FROM highlights
      WHERE video_id = $1 ORDER BY start_index, end_index, created_at`,
    [videoId],
  );
  return rows;
}

/** A highlight's place in its transcript text. */
export interface PlacedHighlight {
  id: string;
  text: string;
  startIndex: number;
  endIndex: number;
}

export async function findPlacedHighlights(db: Db, videoId: string): Promise<PlacedHighlight[]> {
  const { rows } = await db.query<PlacedHighlight>(
    `SELECT id, text, start_index AS "startIndex", end_index AS "endIndex" FROM highlights WHERE video_id = $1`,
    [videoId],
  );
  return rows;
}

/** How many highlights a video has, and the id of one already at exactly these offsets (or null). */
export async function findHighlightsAt(
  db: Db,
  videoId: string,
  startIndex: number,
  endIndex: number,
): Promise<{ count: number; sameId: string | null }> {
  const { rows } = await db.query<{ count: number; same_id: string | null }>(
    `SELECT count(*)::int AS count,
            (array_agg(id) FILTER (WHERE start_index = $2 AND end_index = $3))[1] AS same_id
       FROM highlights WHERE video_id = $1`,
    [videoId, startIndex, endIndex],
  );
  return { count: rows[0]?.count ?? 0, sameId: rows[0]?.same_id ?? null };
}

/** Stores a highlight; answers its id. */
export async function insertHighlight(
  db: Db,
  highlight: { videoId: string; text: string; startIndex: number; endIndex: number; color: HighlightColor },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO highlights (video_id, text, start_index, end_index, color) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [highlight.videoId, highlight.text, highlight.startIndex, highlight.endIndex, highlight.color],
  );
  return rows[0]!.id;
}

export async function deleteHighlights(db: Db, ids: string[]): Promise<void> {
  await db.query('DELETE FROM highlights WHERE id = ANY($1::uuid[])', [ids]);
}

/** Moves highlights to new offsets. */
export async function moveHighlights(db: Db, moved: Omit<PlacedHighlight, 'text'>[]): Promise<void> {
  await db.query(
    `UPDATE highlights h SET start_index = m.start_index, end_index = m.end_index
       FROM unnest($1::uuid[], $2::int[], $3::int[]) AS m (id, start_index, end_index)
      WHERE h.id = m.id`,
    [moved.map((h) => h.id), moved.map((h) => h.startIndex), moved.map((h) => h.endIndex)],
  );
}

/** Deletes a highlight of one of the user's videos; false when the user has no such highlight. */
export async function deleteUserHighlight(db: Db, userId: string, highlightId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM highlights h USING videos v
      WHERE h.id = $1 AND v.id = h.video_id AND v.user_id = $2`,
    [highlightId, userId],
  );
  return Boolean(rowCount);
}
