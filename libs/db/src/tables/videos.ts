import type { Db } from '../db';
import type { TranscriptRow } from './transcripts';

/** A `videos` row: a user's library entry, pointing at the cached transcript of the track it shows. */
export interface VideoRow {
  id: string;
  user_id: string;
  transcript_id: string;
  /** Null for a recording the user uploaded. */
  youtube_id: string | null;
  notes: string;
  notes_updated_at: Date | null;
  created_at: Date;
}

/** A library entry with what the list shows of its transcript. */
export type VideoSummaryRow = Pick<VideoRow, 'id' | 'youtube_id' | 'created_at'> &
  Pick<TranscriptRow, 'title' | 'channel_name' | 'thumbnail_url' | 'duration'>;

/** A library entry with its whole transcript. */
export type VideoDetailRow = VideoSummaryRow &
  Pick<VideoRow, 'notes' | 'notes_updated_at'> &
  Pick<
    TranscriptRow,
    'caption_language' | 'captions_auto_generated' | 'segments_json' | 'transcript_text' | 'chapters_json'
  >;

const SUMMARY_COLUMNS =
  'v.id, v.youtube_id, v.created_at, t.title, t.channel_name, t.thumbnail_url, t.duration';
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, v.notes, v.notes_updated_at, t.caption_language,
  t.captions_auto_generated, t.segments_json, t.transcript_text, t.chapters_json`;
const WITH_TRANSCRIPT = 'FROM videos v JOIN transcripts t ON t.id = v.transcript_id';

/** The user's library, newest first, without transcript bodies. */
export async function findLibrary(db: Db, userId: string): Promise<VideoSummaryRow[]> {
  const { rows } = await db.query<VideoSummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} ${WITH_TRANSCRIPT} WHERE v.user_id = $1 ORDER BY v.created_at DESC`,
    [userId],
  );
  return rows;
}

export async function findVideoSummary(
  db: Db,
  userId: string,
  videoId: string,
): Promise<VideoSummaryRow | null> {
  const { rows } = await db.query<VideoSummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} ${WITH_TRANSCRIPT} WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/**
 * A digest of a library entry's own fields in its answer (id, creation time, notes, highlights), made in SQL so
 * that a revalidation neither reads nor serialises the highlights' text. A highlight's text never changes once
 * stored (a track switch moves or drops it, nothing else edits it), so its id, offsets and colour stand for it.
 * `v` is the videos row.
 */
const OWN_FIELDS_DIGEST = `md5(concat_ws(E'\\n', v.id::text, extract(epoch FROM v.created_at)::text, md5(v.notes),
  (SELECT string_agg(h.id::text || ':' || h.start_index || ':' || h.end_index || ':' || h.color, ','
                     ORDER BY h.start_index, h.created_at, h.id)
     FROM highlights h WHERE h.video_id = v.id)))`;

/**
 * What `GET /api/videos/:id` reads first, in one round trip: the digest of the library entry's own fields and the
 * head of its transcript's stored answer, which is null when none is stored. Enough for the answer's ETag, so a
 * revalidation reads nothing more.
 */
export interface VideoAnswerHeadRow extends Pick<VideoRow, 'id' | 'transcript_id'> {
  own_digest: string;
  answer_format: number | null;
  plain_bytes: string | null;
  plain_sha1: string | null;
  plain_crc32: string | null;
}

export async function findVideoAnswerHead(
  db: Db,
  userId: string,
  videoId: string,
): Promise<VideoAnswerHeadRow | null> {
  const { rows } = await db.query<VideoAnswerHeadRow>(
    `SELECT v.id, v.transcript_id, ${OWN_FIELDS_DIGEST} AS own_digest,
            a.format AS answer_format, a.plain_bytes, a.plain_sha1, a.plain_crc32
       FROM videos v LEFT JOIN transcript_answers a ON a.transcript_id = v.transcript_id
      WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/** A library entry's own fields in its answer, its highlights as the JSON of Highlight[], with their digest. */
export interface VideoOwnFieldsRow extends Pick<VideoRow, 'id' | 'created_at' | 'notes'> {
  highlights_json: string;
  own_digest: string;
}

export async function findVideoOwnFields(
  db: Db,
  userId: string,
  videoId: string,
): Promise<VideoOwnFieldsRow | null> {
  const { rows } = await db.query<VideoOwnFieldsRow>(
    `SELECT v.id, v.created_at, v.notes, ${OWN_FIELDS_DIGEST} AS own_digest,
            COALESCE((SELECT json_agg(json_build_object('id', h.id, 'videoId', h.video_id, 'text', h.text,
                                                        'startIndex', h.start_index, 'endIndex', h.end_index,
                                                        'color', h.color)
                                      ORDER BY h.start_index, h.created_at, h.id)
                        FROM highlights h WHERE h.video_id = v.id), '[]')::text AS highlights_json
       FROM videos v WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/** Every library entry of the user with its transcript, oldest first (the account export). */
export async function findVideoDetailsOfUser(db: Db, userId: string): Promise<VideoDetailRow[]> {
  const { rows } = await db.query<VideoDetailRow>(
    `SELECT ${DETAIL_COLUMNS} ${WITH_TRANSCRIPT} WHERE v.user_id = $1 ORDER BY v.created_at, v.id`,
    [userId],
  );
  return rows;
}

/** What an export document shows of a video and its transcript. */
export type VideoExportRow = Pick<
  VideoDetailRow,
  | 'youtube_id'
  | 'notes'
  | 'title'
  | 'channel_name'
  | 'duration'
  | 'segments_json'
  | 'caption_language'
  | 'chapters_json'
> & {
  /** The speech recognition model that transcribed an uploaded recording; null for YouTube captions. */
  transcribed_by_model: string | null;
};

export async function findVideoForExport(
  db: Db,
  userId: string,
  videoId: string,
): Promise<VideoExportRow | null> {
  const { rows } = await db.query<VideoExportRow>(
    `SELECT v.youtube_id, v.notes, t.title, t.channel_name, t.duration, t.segments_json, t.caption_language,
              t.chapters_json, t.transcribed_by_model
       ${WITH_TRANSCRIPT} WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/** What a generation needs of a video: its transcript and title. */
export type VideoForGenerationRow = Pick<VideoRow, 'id' | 'transcript_id'> & Pick<TranscriptRow, 'title'>;

export async function findVideoForGeneration(
  db: Db,
  userId: string,
  videoId: string,
): Promise<VideoForGenerationRow | null> {
  const { rows } = await db.query<VideoForGenerationRow>(
    `SELECT v.id, v.transcript_id, t.title ${WITH_TRANSCRIPT} WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/** The video's current caption track: its transcript's track and the tracks listed for the video. */
export type VideoTrackRow = Pick<VideoRow, 'youtube_id'> &
  Pick<TranscriptRow, 'id' | 'caption_language' | 'captions_auto_generated' | 'caption_tracks_json'> & {
    /** 'youtube' for captions; a transcript made by speech recognition has no caption tracks to choose from. */
    source_kind: string;
  };

export async function findVideoTrack(db: Db, userId: string, videoId: string): Promise<VideoTrackRow | null> {
  const { rows } = await db.query<VideoTrackRow>(
    `SELECT v.youtube_id, t.id, t.caption_language, t.captions_auto_generated, t.caption_tracks_json,
            t.source_kind
       ${WITH_TRANSCRIPT} WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/** The transcript text of a user's video with its segments (the JSON of TranscriptSegment[]), or null. */
export async function findVideoTranscriptTextAndSegments(
  db: Db,
  userId: string,
  videoId: string,
): Promise<Pick<TranscriptRow, 'transcript_text' | 'segments_json'> | null> {
  const { rows } = await db.query<Pick<TranscriptRow, 'transcript_text' | 'segments_json'>>(
    `SELECT t.transcript_text, t.segments_json ${WITH_TRANSCRIPT} WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

export async function isVideoOfUser(db: Db, userId: string, videoId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM videos WHERE id = $1 AND user_id = $2', [videoId, userId]);
  return rows.length > 0;
}

/** The user's library entry of a YouTube video (of its captions or of its audio transcribed), or null. */
export async function findVideoIdByYoutubeId(
  db: Db,
  userId: string,
  youtubeId: string,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM videos WHERE user_id = $1 AND youtube_id = $2',
    [userId, youtubeId],
  );
  return rows[0]?.id ?? null;
}

/**
 * The user's library entry of an uploaded recording, pointing at the recording's transcript row; answers the
 * entry's id, whether it was made now or before (finishing an upload twice makes one entry).
 */
export async function insertUploadedVideo(
  db: Db,
  video: { userId: string; transcriptId: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `WITH made AS (
       INSERT INTO videos (user_id, transcript_id, youtube_id)
       SELECT $1, $2, NULL WHERE NOT EXISTS (SELECT 1 FROM videos WHERE user_id = $1 AND transcript_id = $2)
       RETURNING id)
     SELECT id FROM made UNION ALL SELECT id FROM videos WHERE user_id = $1 AND transcript_id = $2`,
    [video.userId, video.transcriptId],
  );
  return rows[0]!.id;
}

/** A library entry of a YouTube video, on its captions' transcript or on the transcript of its audio. */
export async function insertVideo(
  db: Db,
  video: { userId: string; transcriptId: string; youtubeId: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO videos (user_id, transcript_id, youtube_id) VALUES ($1, $2, $3) RETURNING id',
    [video.userId, video.transcriptId, video.youtubeId],
  );
  return rows[0]!.id;
}

/** Holds a share lock on the user's video until the transaction ends; false when there is no such video. */
export async function lockVideoForShare(db: Db, userId: string, videoId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM videos WHERE id = $1 AND user_id = $2 FOR SHARE', [
    videoId,
    userId,
  ]);
  return rows.length > 0;
}

/** Holds the user's video row lock until the transaction ends; false when there is no such video. */
export async function lockVideo(db: Db, userId: string, videoId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM videos WHERE id = $1 AND user_id = $2 FOR UPDATE', [
    videoId,
    userId,
  ]);
  return rows.length > 0;
}

export async function setVideoTranscript(db: Db, videoId: string, transcriptId: string): Promise<void> {
  await db.query('UPDATE videos SET transcript_id = $1 WHERE id = $2', [transcriptId, videoId]);
}

/** Removes the video with what cascades from it; false when the user has no such video. */
export async function deleteVideo(db: Db, userId: string, videoId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM videos WHERE id = $1 AND user_id = $2', [videoId, userId]);
  return Boolean(rowCount);
}

/** Saves the notes; false when the user has no such video. */
export async function saveVideoNotes(
  db: Db,
  userId: string,
  videoId: string,
  notes: string,
  notesUpdatedAt: Date | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE videos SET notes = $3, notes_updated_at = $4 WHERE id = $1 AND user_id = $2',
    [videoId, userId, notes, notesUpdatedAt],
  );
  return Boolean(rowCount);
}

/** The user's video's exam date (`YYYY-MM-DD`, or null); undefined when the user has no such video. */
export async function findVideoExamDate(
  db: Db,
  userId: string,
  videoId: string,
): Promise<string | null | undefined> {
  const { rows } = await db.query<{ exam_date: string | null }>(
    `SELECT to_char(exam_date, 'YYYY-MM-DD') AS exam_date FROM videos WHERE id = $1 AND user_id = $2`,
    [videoId, userId],
  );
  return rows[0] === undefined ? undefined : rows[0].exam_date;
}

/**
 * The exam date that schedules the video's cards: the sooner of its own and those of the user's courses it is a
 * lecture of (null with none; undefined when the user has no such video).
 */
export async function findGoverningExamDate(
  db: Db,
  userId: string,
  videoId: string,
): Promise<string | null | undefined> {
  const { rows } = await db.query<{ exam_date: string | null }>(
    `SELECT to_char(LEAST(v.exam_date, (SELECT min(c.exam_date) FROM course_lectures l
                                          JOIN courses c ON c.id = l.course_id
                                         WHERE l.video_id = v.id AND c.user_id = v.user_id)), 'YYYY-MM-DD') AS exam_date
       FROM videos v WHERE v.id = $1 AND v.user_id = $2`,
    [videoId, userId],
  );
  return rows[0] === undefined ? undefined : rows[0].exam_date;
}

/** Sets or clears the exam date; false when the user has no such video. */
export async function saveVideoExamDate(
  db: Db,
  userId: string,
  videoId: string,
  examDate: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE videos SET exam_date = $3::date WHERE id = $1 AND user_id = $2',
    [videoId, userId, examDate],
  );
  return Boolean(rowCount);
}

/** The user's videos that have an exam date, with it (the account export). */
export async function findExamDatesOfUser(
  db: Db,
  userId: string,
): Promise<Array<{ video_id: string; exam_date: string }>> {
  const { rows } = await db.query<{ video_id: string; exam_date: string }>(
    `SELECT id AS video_id, to_char(exam_date, 'YYYY-MM-DD') AS exam_date FROM videos
      WHERE user_id = $1 AND exam_date IS NOT NULL`,
    [userId],
  );
  return rows;
}
