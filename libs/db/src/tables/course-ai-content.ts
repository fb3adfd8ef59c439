import type { CourseAiType, CourseOutline, CourseSummaryOutput } from '@lectern/contracts';
import type { Db } from '../db';

/** A `course_ai_content` row: a course's outline or summary, written from its lectures' own. */
export interface CourseAiContentRow {
  id: string;
  course_id: string;
  type: CourseAiType;
  output: CourseOutline | CourseSummaryOutput;
  engine: string;
  model: string;
  created_at: Date;
}

const COLUMNS = 'id, course_id, type, output, engine, model, created_at';

/** How many outlines and how many summaries a course keeps, the newest. */
export const COURSE_AI_CONTENT_KEPT_PER_TYPE = 10;

/** The newest outline and the newest summary of a course (those it has), outline first. */
export async function findNewestCourseAiContent(db: Db, courseId: string): Promise<CourseAiContentRow[]> {
  const { rows } = await db.query<CourseAiContentRow>(
    `SELECT DISTINCT ON (type) ${COLUMNS} FROM course_ai_content WHERE course_id = $1
      ORDER BY type, created_at DESC, id DESC`,
    [courseId],
  );
  return rows;
}

/** Every outline and summary of the user's courses, oldest first (the account export). */
export async function findCourseAiContentOfUser(db: Db, userId: string): Promise<CourseAiContentRow[]> {
  const { rows } = await db.query<CourseAiContentRow>(
    `SELECT ${COLUMNS} FROM course_ai_content
      WHERE course_id IN (SELECT id FROM courses WHERE user_id = $1) ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** Stores a course's outline or summary and deletes those of its type past the newest `keep`. */
export async function insertCourseAiContent(
  db: Db,
  item: Pick<CourseAiContentRow, 'course_id' | 'type' | 'output' | 'engine' | 'model'>,
  keep = COURSE_AI_CONTENT_KEPT_PER_TYPE,
): Promise<CourseAiContentRow> {
  const { rows } = await db.query<CourseAiContentRow>(
    `INSERT INTO course_ai_content (course_id, type, output, engine, model)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [item.course_id, item.type, JSON.stringify(item.output), item.engine, item.model],
  );
  await db.query(
    `DELETE FROM course_ai_content
      WHERE course_id = $1 AND type = $2
        AND id NOT IN (SELECT id FROM course_ai_content WHERE course_id = $1 AND type = $2
                        ORDER BY created_at DESC, id DESC LIMIT $3)`,
    [item.course_id, item.type, keep],
  );
  return rows[0]!;
}
