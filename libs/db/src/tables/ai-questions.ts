import type { AnswerCitation } from '@lectern/contracts';
import type { Db } from '../db';

/** An `ai_questions` row: one question a user asked about one of their videos or courses, and its answer. */
export interface AiQuestionRow {
  id: string;
  user_id: string;
  /** The video asked about; null for a course's question. */
  video_id: string | null;
  /** The course asked about; null for a video's question. */
  course_id: string | null;
  question: string;
  answer: string;
  citations: AnswerCitation[];
  engine: string;
  model: string;
  created_at: Date;
}

const COLUMNS = 'id, user_id, video_id, course_id, question, answer, citations, engine, model, created_at';

/** The user's thread on one video, oldest first (newest last). */
export async function findAiQuestionsOfVideo(
  db: Db,
  userId: string,
  videoId: string,
): Promise<AiQuestionRow[]> {
  const { rows } = await db.query<AiQuestionRow>(
    `SELECT ${COLUMNS} FROM ai_questions WHERE user_id = $1 AND video_id = $2 ORDER BY created_at, id`,
    [userId, videoId],
  );
  return rows;
}

/** The user's thread on one course, oldest first (newest last). */
export async function findAiQuestionsOfCourse(
  db: Db,
  userId: string,
  courseId: string,
): Promise<AiQuestionRow[]> {
  const { rows } = await db.query<AiQuestionRow>(
    `SELECT ${COLUMNS} FROM ai_questions WHERE user_id = $1 AND course_id = $2 ORDER BY created_at, id`,
    [userId, courseId],
  );
  return rows;
}

/** Every question the user asked, oldest first (the account export). */
export async function findAiQuestionsOfUser(db: Db, userId: string): Promise<AiQuestionRow[]> {
  const { rows } = await db.query<AiQuestionRow>(
    `SELECT ${COLUMNS} FROM ai_questions WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export async function insertAiQuestion(
  db: Db,
  item: Pick<
    AiQuestionRow,
    'user_id' | 'video_id' | 'question' | 'answer' | 'citations' | 'engine' | 'model'
  > &
    Partial<Pick<AiQuestionRow, 'course_id'>>,
): Promise<AiQuestionRow> {
  const { rows } = await db.query<AiQuestionRow>(
    `INSERT INTO ai_questions (user_id, video_id, course_id, question, answer, citations, engine, model)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) RETURNING ${COLUMNS}`,
    [
      item.user_id,
      item.video_id,
      item.course_id ?? null,
      item.question,
      item.answer,
      JSON.stringify(item.citations),
      item.engine,
      item.model,
    ],
  );
  return rows[0]!;
}

/** Deletes one of the user's questions; false when it is missing or someone else's. */
export async function deleteUserAiQuestion(db: Db, userId: string, questionId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM ai_questions WHERE id = $1 AND user_id = $2 RETURNING id', [
    questionId,
    userId,
  ]);
  return rows.length > 0;
}
