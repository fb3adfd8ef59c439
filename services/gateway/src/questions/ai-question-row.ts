import type { AiQuestion } from '@lectern/contracts';
import type { AiQuestionRow } from '@lectern/db';

/** An `ai_questions` row in its API shape. */
export function toAiQuestion(row: AiQuestionRow): AiQuestion {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    citations: row.citations.map(({ start, text, videoId }) =>
      videoId === undefined ? { start, text } : { videoId, start, text },
    ),
    engine: row.engine,
    model: row.model,
    ...(row.course_id === null ? {} : { courseId: row.course_id }),
    createdAt: row.created_at.toISOString(),
  };
}
