import type { Db } from '../db';

/** A `courses` row: a user's course, `exam_date` as `YYYY-MM-DD`. */
export interface CourseRow {
  id: string;
  user_id: string;
  title: string;
  exam_date: string | null;
  playlist_id: string | null;
  notices: string[];
  created_at: Date;
  updated_at: Date;
}

/** A course with how many lectures it has, as the list shows it. */
export interface CourseSummaryRow extends CourseRow {
  lecture_count: number;
}

const COLUMNS = `c.id, c.user_id, c.title, to_char(c.exam_date, 'YYYY-MM-DD') AS exam_date, c.playlist_id,
  c.notices, c.created_at, c.updated_at`;
const LECTURE_COUNT =
  '(SELECT count(*)::int FROM course_lectures l WHERE l.course_id = c.id) AS lecture_count';

export async function insertCourse(
  db: Db,
  course: { userId: string; title: string; examDate: string | null; playlistId?: string; notices?: string[] },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO courses (user_id, title, exam_date, playlist_id, notices) VALUES ($1, $2, $3::date, $4, $5)
     RETURNING id`,
    [course.userId, course.title, course.examDate, course.playlistId ?? null, course.notices ?? []],
  );
  return rows[0]!.id;
}

/** The user's courses, newest first, with their lecture counts. */
export async function findCoursesOfUser(db: Db, userId: string): Promise<CourseSummaryRow[]> {
  const { rows } = await db.query<CourseSummaryRow>(
    `SELECT ${COLUMNS}, ${LECTURE_COUNT} FROM courses c WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id`,
    [userId],
  );
  return rows;
}

export async function findCourse(db: Db, userId: string, courseId: string): Promise<CourseSummaryRow | null> {
  const { rows } = await db.query<CourseSummaryRow>(
    `SELECT ${COLUMNS}, ${LECTURE_COUNT} FROM courses c WHERE c.id = $1 AND c.user_id = $2`,
    [courseId, userId],
  );
  return rows[0] ?? null;
}

/** Holds the user's course row lock until the transaction ends; false when there is no such course. */
export async function lockCourse(db: Db, userId: string, courseId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM courses WHERE id = $1 AND user_id = $2 FOR UPDATE', [
    courseId,
    userId,
  ]);
  return rows.length > 0;
}

/** Changes the fields given (an exam date of null clears it); false when the user has no such course. */
export async function updateCourse(
  db: Db,
  userId: string,
  courseId: string,
  change: { title?: string; examDate?: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE courses SET title = CASE WHEN $3 THEN $4 ELSE title END,
                        exam_date = CASE WHEN $5 THEN $6::date ELSE exam_date END,
                        updated_at = now()
      WHERE id = $1 AND user_id = $2`,
    [
      courseId,
      userId,
      change.title !== undefined,
      change.title ?? null,
      change.examDate !== undefined,
      change.examDate ?? null,
    ],
  );
  return Boolean(rowCount);
}

/** What the course's import says beside its lectures, replaced. */
export async function setCourseNotices(db: Db, courseId: string, notices: string[]): Promise<void> {
  await db.query('UPDATE courses SET notices = $2 WHERE id = $1', [courseId, notices]);
}

export async function touchCourse(db: Db, courseId: string): Promise<void> {
  await db.query('UPDATE courses SET updated_at = now() WHERE id = $1', [courseId]);
}

/** Removes the course and its lectures; its videos stay in the library. False when the user has no such course. */
export async function deleteCourse(db: Db, userId: string, courseId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM courses WHERE id = $1 AND user_id = $2', [
    courseId,
    userId,
  ]);
  return Boolean(rowCount);
}
