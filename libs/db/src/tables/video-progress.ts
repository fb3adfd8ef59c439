import type { Db } from '../db';

/**
 * Keeps where the user stopped in their video (seconds); false when the video is not theirs. The video's owner is
 * checked in the same statement, so a video deleted meanwhile is never written.
 */
export async function saveVideoProgress(
  db: Db,
  userId: string,
  videoId: string,
  position: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO video_progress (video_id, user_id, position)
     SELECT id, user_id, $3 FROM videos WHERE id = $1 AND user_id = $2
     ON CONFLICT (video_id) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [videoId, userId, position],
  );
  return Boolean(rowCount);
}

/** What the user has done with a video of a course: watched up to, cards due now, quiz scores. */
export interface LectureStudyRow {
  video_id: string;
  position: number | null;
  cards_due: number;
  best_score: number | null;
  best_total: number | null;
  last_score: number | null;
  last_total: number | null;
}

/** The user's study of these videos of theirs (one row each). */
export async function findLectureStudy(
  db: Db,
  userId: string,
  videoIds: string[],
): Promise<LectureStudyRow[]> {
  if (videoIds.length === 0) return [];
  const { rows } = await db.query<LectureStudyRow>(
    `SELECT v.id AS video_id, p.position,
            (SELECT count(*) FROM review_cards c
              WHERE c.video_id = v.id AND c.retired_at IS NULL AND c.due <= now())::int AS cards_due,
            best.score AS best_score, best.total AS best_total, last.score AS last_score, last.total AS last_total
       FROM videos v
       LEFT JOIN video_progress p ON p.video_id = v.id
       LEFT JOIN LATERAL (SELECT score, total FROM quiz_attempts q WHERE q.video_id = v.id
                           ORDER BY score::float / NULLIF(total, 0) DESC NULLS LAST, created_at DESC LIMIT 1) best ON true
       LEFT JOIN LATERAL (SELECT score, total FROM quiz_attempts q WHERE q.video_id = v.id
                           ORDER BY created_at DESC LIMIT 1) last ON true
      WHERE v.user_id = $1 AND v.id = ANY($2::uuid[])`,
    [userId, videoIds],
  );
  return rows;
}
