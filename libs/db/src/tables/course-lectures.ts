import type { Db } from '../db';

export type CourseLectureState = 'waiting' | 'fetching' | 'ready' | 'failed' | 'limited';

/** A `course_lectures` row with what the course shows of it: a ready lecture's title and length are its video's. */
export interface CourseLectureRow {
  id: string;
  course_id: string;
  position: number;
  video_id: string | null;
  youtube_id: string | null;
  title: string | null;
  duration: number | null;
  state: CourseLectureState;
  message: string | null;
}

/** A playlist video to become a lecture, in the playlist's order. */
export interface NewImportedLecture {
  youtubeId: string;
  title: string | null;
  duration: number | null;
  state: Exclude<CourseLectureState, 'ready'>;
  message: string | null;
}

const LECTURE_COLUMNS = `l.id, l.course_id, l.position, l.video_id, COALESCE(v.youtube_id, l.youtube_id) AS youtube_id,
  COALESCE(t.title, l.title) AS title, COALESCE(t.duration, l.duration)::int AS duration, l.state, l.message`;
const WITH_VIDEO = `FROM course_lectures l LEFT JOIN videos v ON v.id = l.video_id
  LEFT JOIN transcripts t ON t.id = v.transcript_id`;

/** The course's lectures in order. */
export async function findCourseLectures(db: Db, courseId: string): Promise<CourseLectureRow[]> {
  const { rows } = await db.query<CourseLectureRow>(
    `SELECT ${LECTURE_COLUMNS} ${WITH_VIDEO} WHERE l.course_id = $1 ORDER BY l.position`,
    [courseId],
  );
  return rows;
}

/** Every lecture of the user's courses, in each course's order (the account export). */
export async function findCourseLecturesOfUser(db: Db, userId: string): Promise<CourseLectureRow[]> {
  const { rows } = await db.query<CourseLectureRow>(
    `SELECT ${LECTURE_COLUMNS} ${WITH_VIDEO} JOIN courses c ON c.id = l.course_id
      WHERE c.user_id = $1 ORDER BY l.course_id, l.position`,
    [userId],
  );
  return rows;
}

/** Which of these ids are videos of the user's library (ids as PostgreSQL writes them). */
export async function findVideoIdsOfUser(db: Db, userId: string, videoIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM videos WHERE user_id = $1 AND id = ANY($2::uuid[])',
    [userId, videoIds],
  );
  return rows.map((row) => row.id);
}

/**
 * Inside a transaction holding the course's lock: the course's library videos become exactly these, in this
 * order; lectures still on their way into the library (imported, not analysed yet) stay, after them, in their
 * order.
 */
export async function replaceCourseVideos(db: Db, courseId: string, videoIds: string[]): Promise<void> {
  await db.query('DELETE FROM course_lectures WHERE course_id = $1 AND video_id IS NOT NULL', [courseId]);
  // Positions are renumbered in two steps, so that no two rows share one on the way.
  await db.query('UPDATE course_lectures SET position = -position WHERE course_id = $1', [courseId]);
  await db.query(
    `INSERT INTO course_lectures (course_id, position, video_id, state)
     SELECT $1, ordinality, id, 'ready' FROM unnest($2::uuid[]) WITH ORDINALITY AS listed (id, ordinality)`,
    [courseId, videoIds],
  );
  await db.query(
    `UPDATE course_lectures l SET position = $2 + pending.rank
       FROM (SELECT id, row_number() OVER (ORDER BY position DESC) AS rank
               FROM course_lectures WHERE course_id = $1 AND video_id IS NULL) pending
      WHERE l.id = pending.id`,
    [courseId, videoIds.length],
  );
}

/** The imported playlist's videos as the course's lectures, numbered in the playlist's order. */
export async function insertImportedLectures(
  db: Db,
  courseId: string,
  lectures: NewImportedLecture[],
): Promise<void> {
  if (lectures.length === 0) return;
  await db.query(
    `INSERT INTO course_lectures (course_id, position, youtube_id, title, duration, state, message)
     SELECT $1, ordinality, youtube_id, title, duration, state, message
       FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[])
            WITH ORDINALITY AS listed (youtube_id, title, duration, state, message, ordinality)`,
    [
      courseId,
      lectures.map((l) => l.youtubeId),
      lectures.map((l) => l.title),
      lectures.map((l) => l.duration),
      lectures.map((l) => l.state),
      lectures.map((l) => l.message),
    ],
  );
}

/** A lecture not yet in the library moves on (waiting, fetching, failed, limited); false once it is gone. */
export async function setLectureState(
  db: Db,
  lectureId: string,
  state: Exclude<CourseLectureState, 'ready'>,
  message: string | null = null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE course_lectures SET state = $2, message = $3 WHERE id = $1 AND video_id IS NULL',
    [lectureId, state, message],
  );
  return Boolean(rowCount);
}

/**
 * An imported lecture's video is in the library now. When the course already holds that video (added by hand
 * meanwhile) the imported lecture goes instead: a video is in a course once.
 */
export async function markLectureReady(db: Db, lectureId: string, videoId: string): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE course_lectures l SET video_id = $2, state = 'ready', message = NULL
      WHERE l.id = $1 AND l.video_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM course_lectures o WHERE o.course_id = l.course_id AND o.video_id = $2)`,
    [lectureId, videoId],
  );
  if (!rowCount)
    await db.query('DELETE FROM course_lectures WHERE id = $1 AND video_id IS NULL', [lectureId]);
}

/** The course's lectures that wait for an analysis (`waiting`, and `fetching` ones), in order. */
export async function findUnfinishedLectures(
  db: Db,
  courseId: string,
): Promise<Array<Pick<CourseLectureRow, 'id' | 'youtube_id' | 'state'>>> {
  const { rows } = await db.query<Pick<CourseLectureRow, 'id' | 'youtube_id' | 'state'>>(
    `SELECT id, youtube_id, state FROM course_lectures
      WHERE course_id = $1 AND video_id IS NULL AND state IN ('waiting', 'fetching') ORDER BY position`,
    [courseId],
  );
  return rows;
}

/**
 * Takes a lecture for analysis: `fetching`, held for `holdSeconds` (past them another gateway may take it up).
 * A waiting lecture held by a pause is taken only by the import that paused it (`overPause`). False when another
 * import holds it, or it is gone or done.
 */
export async function claimLecture(
  db: Db,
  lectureId: string,
  holdSeconds: number,
  overPause = false,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE course_lectures SET state = 'fetching', message = NULL, held_until = now() + make_interval(secs => $2)
      WHERE id = $1 AND video_id IS NULL
        AND ((state = 'waiting' AND ($3 OR held_until IS NULL OR held_until <= now()))
          OR (state = 'fetching' AND held_until <= now()))`,
    [lectureId, holdSeconds, overPause],
  );
  return Boolean(rowCount);
}

/** A lecture waits again, paused: no other gateway takes it up for `pauseSeconds`. */
export async function pauseLecture(
  db: Db,
  lectureId: string,
  message: string,
  pauseSeconds: number,
): Promise<void> {
  await db.query(
    `UPDATE course_lectures SET state = 'waiting', message = $2, held_until = now() + make_interval(secs => $3)
      WHERE id = $1 AND video_id IS NULL`,
    [lectureId, message, pauseSeconds],
  );
}

/**
 * The user's lectures waiting for next month or Pro wait for their analysis again: at most `max` of them (null:
 * all), the oldest course's first, each course's in order. Answers the courses whose lectures this call changed
 * (a lecture two gateways both resume is changed by one of them only).
 */
export async function resumeLimitedLectures(db: Db, userId: string, max: number | null): Promise<string[]> {
  const { rows } = await db.query<{ course_id: string }>(
    `WITH chosen AS (
       SELECT l.id FROM course_lectures l JOIN courses c ON c.id = l.course_id
        WHERE c.user_id = $1 AND l.state = 'limited' AND l.video_id IS NULL
        ORDER BY c.created_at, c.id, l.position
        LIMIT $2
        FOR UPDATE OF l SKIP LOCKED)
     UPDATE course_lectures l SET state = 'waiting', message = NULL, held_until = NULL
       FROM chosen WHERE l.id = chosen.id AND l.state = 'limited'
     RETURNING l.course_id`,
    [userId, max],
  );
  return [...new Set(rows.map((row) => row.course_id))];
}

/** How many of the course's lectures wait for next month or Pro. */
export async function countLimitedLectures(db: Db, courseId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM course_lectures WHERE course_id = $1 AND state = 'limited'`,
    [courseId],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Courses with a lecture no import is working on: waiting and not paused, or left `fetching` past its hold (the
 * gateway that took it stopped). Answers each course with its owner.
 */
export async function findCoursesToTakeUp(db: Db): Promise<Array<{ course_id: string; user_id: string }>> {
  const { rows } = await db.query<{ course_id: string; user_id: string }>(
    `SELECT DISTINCT l.course_id, c.user_id FROM course_lectures l JOIN courses c ON c.id = l.course_id
      WHERE l.video_id IS NULL AND l.state IN ('waiting', 'fetching')
        AND (l.held_until IS NULL OR l.held_until <= now())`,
  );
  return rows;
}

/** A ready lecture of a course asked about: its video and the video's transcript. */
export interface CourseLectureTranscriptRow {
  /** The lecture's number in the course's order, from 1. */
  position: number;
  video_id: string;
  transcript_id: string;
  /** The video's title, or the lecture's own when the transcript has none. */
  title: string;
}

/** The user's course's ready lectures in order, each with its transcript (none: the course is not the user's either). */
export async function findCourseLectureTranscripts(
  db: Db,
  userId: string,
  courseId: string,
): Promise<CourseLectureTranscriptRow[]> {
  const { rows } = await db.query<CourseLectureTranscriptRow>(
    `SELECT l.position, v.id AS video_id, v.transcript_id, COALESCE(t.title, l.title, '') AS title
       FROM course_lectures l JOIN courses c ON c.id = l.course_id JOIN videos v ON v.id = l.video_id
       LEFT JOIN transcripts t ON t.id = v.transcript_id
      WHERE c.user_id = $1 AND l.course_id = $2 ORDER BY l.position`,
    [userId, courseId],
  );
  return rows;
}

/** The newest flashcards or quiz of a ready lecture of a course, as stored (what its Anki deck is made of). */
export interface CourseCardsRow {
  video_id: string;
  feature_type: 'flashcards' | 'quiz';
  output_text: string;
}

/** The newest flashcards and the newest quiz of each ready lecture of the user's course (none: not the user's). */
export async function findNewestCourseCards(
  db: Db,
  userId: string,
  courseId: string,
): Promise<CourseCardsRow[]> {
  const { rows } = await db.query<CourseCardsRow>(
    `SELECT DISTINCT ON (a.video_id, a.feature_type) a.video_id, a.feature_type, a.output_text
       FROM course_lectures l JOIN courses c ON c.id = l.course_id JOIN ai_content a ON a.video_id = l.video_id
      WHERE c.user_id = $1 AND l.course_id = $2 AND a.feature_type IN ('flashcards', 'quiz')
      ORDER BY a.video_id, a.feature_type, a.created_at DESC, a.id DESC`,
    [userId, courseId],
  );
  return rows;
}

/** Whether a ready lecture of the user's course has AI study material, a highlight or notes (a study guide's content). */
export async function courseHasStudyMaterial(db: Db, userId: string, courseId: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM course_lectures l JOIN courses c ON c.id = l.course_id JOIN videos v ON v.id = l.video_id
        WHERE c.user_id = $1 AND l.course_id = $2
          AND (btrim(v.notes) <> ''
            OR EXISTS (SELECT 1 FROM highlights h WHERE h.video_id = v.id)
            OR EXISTS (SELECT 1 FROM ai_content a WHERE a.video_id = v.id AND btrim(a.output_text) <> ''))
     ) AS found`,
    [userId, courseId],
  );
  return rows[0]?.found ?? false;
}
