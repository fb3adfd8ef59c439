import type { Db } from '../db';

/** A `quiz_attempts` row: one attempt at a video's quiz, with the answers given and how each question went. */
export interface QuizAttemptRow {
  id: string;
  user_id: string;
  video_id: string;
  /** The quiz's ai_content item; it may since have been pruned, the attempt stays. */
  ai_content_id: string;
  answers_json: unknown;
  results_json: Array<{ questionId: string; correct: boolean }>;
  score: number;
  total: number;
  created_at: Date;
}

const COLUMNS = 'id, user_id, video_id, ai_content_id, answers_json, results_json, score, total, created_at';

export async function insertQuizAttempt(
  db: Db,
  attempt: Omit<QuizAttemptRow, 'id' | 'created_at'> & { created_at: Date },
): Promise<QuizAttemptRow> {
  const { rows } = await db.query<QuizAttemptRow>(
    `INSERT INTO quiz_attempts (user_id, video_id, ai_content_id, answers_json, results_json, score, total, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      attempt.user_id,
      attempt.video_id,
      attempt.ai_content_id,
      JSON.stringify(attempt.answers_json),
      JSON.stringify(attempt.results_json),
      attempt.score,
      attempt.total,
      attempt.created_at,
    ],
  );
  return rows[0]!;
}

/** The user's attempts at the quizzes of one of their videos, newest first. */
export async function findQuizAttemptsOfVideo(
  db: Db,
  userId: string,
  videoId: string,
): Promise<QuizAttemptRow[]> {
  const { rows } = await db.query<QuizAttemptRow>(
    `SELECT ${COLUMNS} FROM quiz_attempts WHERE user_id = $1 AND video_id = $2
      ORDER BY created_at DESC, id DESC`,
    [userId, videoId],
  );
  return rows;
}

/** Every attempt of the user, oldest first (the account export). */
export async function findQuizAttemptsOfUser(db: Db, userId: string): Promise<QuizAttemptRow[]> {
  const { rows } = await db.query<QuizAttemptRow>(
    `SELECT ${COLUMNS} FROM quiz_attempts WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}
