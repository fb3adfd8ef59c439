import type { FeatureType, SummaryLength } from '@lectern/contracts';
import type { Db } from '../db';

/**
 * An `ai_content` row. What a user sees is the newest item per feature (and per length for summaries); the
 * newest AI_CONTENT_KEPT_PER_KIND of each kind are kept (pruneAiContent).
 */
export interface AiContentRow {
  id: string;
  video_id: string;
  feature_type: FeatureType;
  summary_length: SummaryLength | null;
  output_text: string;
  engine: string;
  model: string;
  created_at: Date;
}

const COLUMNS = 'id, video_id, feature_type, summary_length, output_text, engine, model, created_at';

/** The newest item of each kind (feature, and length for summaries) of a video. */
export async function findNewestAiContentOfVideo(db: Db, videoId: string): Promise<AiContentRow[]> {
  const { rows } = await db.query<AiContentRow>(
    `SELECT DISTINCT ON (feature_type, summary_length) ${COLUMNS}
       FROM ai_content WHERE video_id = $1
      ORDER BY feature_type, summary_length, created_at DESC, id DESC`,
    [videoId],
  );
  return rows;
}

/** The newest item of one kind of a video, or null. */
export async function findNewestAiContent(
  db: Db,
  videoId: string,
  feature: FeatureType,
  summaryLength: SummaryLength | null,
): Promise<AiContentRow | null> {
  const { rows } = await db.query<AiContentRow>(
    `SELECT ${COLUMNS} FROM ai_content
      WHERE video_id = $1 AND feature_type = $2 AND summary_length IS NOT DISTINCT FROM $3
      ORDER BY created_at DESC LIMIT 1`,
    [videoId, feature, summaryLength],
  );
  return rows[0] ?? null;
}

/** The newest item of a feature of a video, whatever its length, or null. */
export async function findNewestAiContentOfFeature(
  db: Db,
  videoId: string,
  feature: FeatureType,
): Promise<AiContentRow | null> {
  const { rows } = await db.query<AiContentRow>(
    `SELECT ${COLUMNS} FROM ai_content WHERE video_id = $1 AND feature_type = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [videoId, feature],
  );
  return rows[0] ?? null;
}

/** One item of a feature generated for one of the user's videos, or null (another user's, or none). */
export async function findUserAiContentItem(
  db: Db,
  userId: string,
  id: string,
  feature: FeatureType,
): Promise<AiContentRow | null> {
  const { rows } = await db.query<AiContentRow>(
    `SELECT ${COLUMNS.split(', ')
      .map((column) => `a.${column}`)
      .join(', ')}
       FROM ai_content a JOIN videos v ON v.id = a.video_id
      WHERE a.id = $1 AND v.user_id = $2 AND a.feature_type = $3`,
    [id, userId, feature],
  );
  return rows[0] ?? null;
}

/** Every item generated for the user's videos, oldest first (the account export). */
export async function findAiContentOfUser(db: Db, userId: string): Promise<AiContentRow[]> {
  const { rows } = await db.query<AiContentRow>(
    `SELECT ${COLUMNS} FROM ai_content
      WHERE video_id IN (SELECT id FROM videos WHERE user_id = $1) ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export async function insertAiContent(
  db: Db,
  item: Pick<
    AiContentRow,
    'video_id' | 'feature_type' | 'summary_length' | 'output_text' | 'engine' | 'model'
  >,
): Promise<AiContentRow> {
  const { rows } = await db.query<AiContentRow>(
    `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [item.video_id, item.feature_type, item.summary_length, item.output_text, item.engine, item.model],
  );
  return rows[0]!;
}

/** How many generations of one kind (feature, and length for summaries) a video keeps, the newest. */
export const AI_CONTENT_KEPT_PER_KIND = 10;

/**
 * Deletes a video's generations of one kind past the newest `keep`, but for one its review cards were last
 * synced with (review_decks), which is kept whatever its age. Usage already counted stays (usage_events names
 * the generation but does not depend on it). Answers how many were deleted.
 */
export async function pruneAiContent(
  db: Db,
  kind: { videoId: string; feature: FeatureType; summaryLength: SummaryLength | null },
  keep = AI_CONTENT_KEPT_PER_KIND,
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM ai_content a
      WHERE a.video_id = $1 AND a.feature_type = $2 AND a.summary_length IS NOT DISTINCT FROM $3
        AND a.id NOT IN (SELECT n.id FROM ai_content n
                          WHERE n.video_id = $1 AND n.feature_type = $2 AND n.summary_length IS NOT DISTINCT FROM $3
                          ORDER BY n.created_at DESC, n.id DESC LIMIT $4)
        AND NOT EXISTS (SELECT 1 FROM review_decks d WHERE d.ai_content_id = a.id)`,
    [kind.videoId, kind.feature, kind.summaryLength, keep],
  );
  return rowCount ?? 0;
}
