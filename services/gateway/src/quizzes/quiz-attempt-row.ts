import type { QuizAttempt } from '@lectern/contracts';
import type { QuizAttemptRow } from '@lectern/db';

/** A `quiz_attempts` row in its API shape. */
export function toQuizAttempt(row: QuizAttemptRow): QuizAttempt {
  return {
    id: row.id,
    quizId: row.ai_content_id,
    score: row.score,
    total: row.total,
    results: row.results_json,
    createdAt: row.created_at.toISOString(),
  };
}
