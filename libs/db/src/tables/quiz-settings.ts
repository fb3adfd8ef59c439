import type { Db } from '../db';

/** A `quiz_settings` row; a user without one has the defaults (nothing automatic). */
export interface QuizSettingsRow {
  user_id: string;
  auto_review_wrong_answers: boolean;
}

/** Whether every wrong answer of the user's attempts becomes a review card; false until they ask for it. */
export async function findAutoReviewWrongAnswers(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query<Pick<QuizSettingsRow, 'auto_review_wrong_answers'>>(
    'SELECT auto_review_wrong_answers FROM quiz_settings WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.auto_review_wrong_answers ?? false;
}

export async function saveAutoReviewWrongAnswers(db: Db, userId: string, on: boolean): Promise<void> {
  await db.query(
    `INSERT INTO quiz_settings (user_id, auto_review_wrong_answers) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET auto_review_wrong_answers = EXCLUDED.auto_review_wrong_answers,
                                         updated_at = now()`,
    [userId, on],
  );
}
