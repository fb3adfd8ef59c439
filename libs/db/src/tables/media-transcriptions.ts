import type { Db } from '../db';

/**
 * `media_transcriptions` and `media_transcription_pieces`: a recording's transcription while it runs, by model.
 * The plan (where the recording was cut, as JSON) is decided once; each piece's segments are kept as soon as the
 * endpoint answered, so a restarted worker sends only the pieces still missing.
 */
export interface TranscriptionPlanRow {
  duration_seconds: number;
  pieces_json: string;
}

export interface TranscribedPieceRow {
  piece_index: number;
  language: string | null;
  segments_json: string;
}

export async function findTranscriptionPlan(
  db: Db,
  mediaId: string,
  model: string,
): Promise<TranscriptionPlanRow | null> {
  const { rows } = await db.query<TranscriptionPlanRow>(
    'SELECT duration_seconds, pieces_json FROM media_transcriptions WHERE media_id = $1 AND model = $2',
    [mediaId, model],
  );
  return rows[0] ?? null;
}

/** Keeps the plan unless one is already kept (a worker that cut it first wins); answers the plan kept. */
export async function saveTranscriptionPlan(
  db: Db,
  mediaId: string,
  model: string,
  plan: TranscriptionPlanRow,
): Promise<TranscriptionPlanRow> {
  await db.query(
    `INSERT INTO media_transcriptions (media_id, model, duration_seconds, pieces_json) VALUES ($1, $2, $3, $4)
     ON CONFLICT (media_id, model) DO NOTHING`,
    [mediaId, model, plan.duration_seconds, plan.pieces_json],
  );
  return (await findTranscriptionPlan(db, mediaId, model))!;
}

export async function findTranscribedPieces(
  db: Db,
  mediaId: string,
  model: string,
): Promise<TranscribedPieceRow[]> {
  const { rows } = await db.query<TranscribedPieceRow>(
    `SELECT piece_index, language, segments_json FROM media_transcription_pieces
      WHERE media_id = $1 AND model = $2 ORDER BY piece_index`,
    [mediaId, model],
  );
  return rows;
}

export async function saveTranscribedPiece(
  db: Db,
  mediaId: string,
  model: string,
  piece: TranscribedPieceRow,
): Promise<void> {
  await db.query(
    `INSERT INTO media_transcription_pieces (media_id, model, piece_index, language, segments_json)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (media_id, model, piece_index) DO NOTHING`,
    [mediaId, model, piece.piece_index, piece.language, piece.segments_json],
  );
}

/** A transcript made by speech recognition, stored with the caption transcripts (source kind `upload`). */
export interface NewSpeechTranscript {
  mediaId: string;
  title: string | null;
  duration: number;
  language: string;
  model: string;
  segmentCount: number;
  segmentsJson: string;
  transcriptText: string;
}

/**
 * The kinds of transcript made by speech recognition: of a recording the user uploaded, or of a YouTube video's
 * audio (which keeps the video's YouTube id). Either is its user's alone, with a recording in the media store.
 */
const SPEECH = "source_kind <> 'youtube'";

/**
 * The recording's transcript row while it waits to be transcribed: empty and without a model, so its library entry
 * can point at it from the moment the upload is whole (or the video's audio is asked for). With a YouTube id, it is
 * the transcript of that video's audio. Answers its id, whether made now or before.
 */
export async function insertPendingSpeechTranscript(
  db: Db,
  pending: { mediaId: string; title: string; youtubeId?: string },
): Promise<string> {
  await db.query(
    `INSERT INTO transcripts (source_kind, media_id, youtube_id, title, caption_language, captions_auto_generated,
                              segment_count, segments_json, transcript_text)
     VALUES ($3, $1, $4, $2, 'und', true, 0, '[]', '')
     ON CONFLICT (media_id) DO NOTHING`,
    [
      pending.mediaId,
      pending.title,
      pending.youtubeId ? 'youtube-audio' : 'upload',
      pending.youtubeId ?? null,
    ],
  );
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM transcripts WHERE ${SPEECH} AND media_id = $1`,
    [pending.mediaId],
  );
  return rows[0]!.id;
}

/**
 * What YouTube says of the video whose audio is transcribed (its title, channel and thumbnail), written on its
 * pending transcript row; what is unknown keeps what the row has.
 */
export async function saveYouTubeAudioMetadata(
  db: Db,
  mediaId: string,
  metadata: { title: string | null; channelName: string | null; thumbnailUrl: string | null },
): Promise<void> {
  await db.query(
    `UPDATE transcripts
        SET title = COALESCE($2, title), channel_name = COALESCE($3, channel_name),
            thumbnail_url = COALESCE($4, thumbnail_url)
      WHERE source_kind = 'youtube-audio' AND media_id = $1`,
    [mediaId, metadata.title, metadata.channelName, metadata.thumbnailUrl],
  );
}

/**
 * Stores the recording's transcript once, filling its pending row (whose title, perhaps edited by the user, stays);
 * answers its row's id, whether it was stored now or before, or null when the row is gone: the library entry was
 * deleted while the recording was transcribed, and nothing of it may be left behind.
 */
export async function insertSpeechTranscript(
  db: Db,
  transcript: NewSpeechTranscript,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE transcripts
        SET duration = $2, caption_language = $3, segment_count = $4, segments_json = $5, transcript_text = $6,
            transcribed_by_model = $7, title = COALESCE(title, $8)
      WHERE ${SPEECH} AND media_id = $1 AND transcribed_by_model IS NULL
      RETURNING id`,
    [
      transcript.mediaId,
      transcript.duration,
      transcript.language,
      transcript.segmentCount,
      transcript.segmentsJson,
      transcript.transcriptText,
      transcript.model,
      transcript.title,
    ],
  );
  if (rows[0]) return rows[0].id;
  return (await findSpeechTranscript(db, transcript.mediaId))?.id ?? null;
}

export interface SpeechTranscriptRow {
  id: string;
  media_id: string;
  title: string | null;
  duration: number;
  caption_language: string;
  transcribed_by_model: string;
  segment_count: number;
  segments_json: string;
  transcript_text: string;
}

export async function findSpeechTranscript(db: Db, mediaId: string): Promise<SpeechTranscriptRow | null> {
  const { rows } = await db.query<SpeechTranscriptRow>(
    `SELECT id, media_id, title, duration, caption_language, transcribed_by_model, segment_count, segments_json,
            transcript_text
       FROM transcripts WHERE ${SPEECH} AND media_id = $1 AND transcribed_by_model IS NOT NULL`,
    [mediaId],
  );
  return rows[0] ?? null;
}

/** What the page shows of an uploaded recording's library entry while it is transcribed, and after. */
export interface UploadedVideoRow {
  video_id: string;
  media_id: string;
  /** Null until the media worker stored the transcript. */
  transcribed_by_model: string | null;
  segment_count: number;
  duration: number | null;
  /** The YouTube video whose audio was transcribed; null for an uploaded recording. */
  youtube_id: string | null;
}

/**
 * The user's library entry of a transcript made by speech recognition (an uploaded recording, or a YouTube video's
 * audio), by the entry's id; null when it is none of theirs.
 */
export async function findUploadedVideo(
  db: Db,
  userId: string,
  videoId: string,
): Promise<UploadedVideoRow | null> {
  const { rows } = await db.query<UploadedVideoRow>(
    `SELECT v.id AS video_id, t.media_id, t.transcribed_by_model, t.segment_count, t.duration, v.youtube_id
       FROM videos v JOIN transcripts t ON t.id = v.transcript_id
      WHERE v.id = $1 AND v.user_id = $2 AND t.${SPEECH}`,
    [videoId, userId],
  );
  return rows[0] ?? null;
}

/** Counts a stored transcription against its uploader's month (UTC, "YYYY-MM"); a second count of it is ignored. */
export async function recordTranscriptionUsage(
  db: Db,
  usage: { mediaId: string; userId: string; month: string; seconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO transcription_usage (media_id, user_id, month, seconds) VALUES ($1, $2, $3, $4)
     ON CONFLICT (media_id) DO NOTHING`,
    [usage.mediaId, usage.userId, usage.month, usage.seconds],
  );
}

/** Seconds of audio transcribed for the user in the month. */
export async function transcribedSecondsOfMonth(db: Db, userId: string, month: string): Promise<number> {
  const { rows } = await db.query<{ seconds: number }>(
    `SELECT COALESCE(sum(seconds), 0)::float8 AS seconds FROM transcription_usage WHERE user_id = $1 AND month = $2`,
    [userId, month],
  );
  return rows[0]!.seconds;
}

/** Seconds of audio transcribed for everyone, ever (the accounts still there). */
export async function transcribedSecondsInAll(db: Db): Promise<number> {
  const { rows } = await db.query<{ seconds: number }>(
    'SELECT COALESCE(sum(seconds), 0)::float8 AS seconds FROM transcription_usage',
  );
  return rows[0]!.seconds;
}

/**
 * Renames the user's uploaded recording (its transcript row holds the title); answers 'renamed', 'youtube' for a
 * YouTube video (whose title is YouTube's), or null when the user has no such video.
 */
export async function renameUploadedVideo(
  db: Db,
  userId: string,
  videoId: string,
  title: string,
): Promise<'renamed' | 'youtube' | null> {
  const { rows } = await db.query<{ source_kind: string }>(
    `WITH video AS (
       SELECT t.id, t.source_kind FROM videos v JOIN transcripts t ON t.id = v.transcript_id
        WHERE v.id = $1 AND v.user_id = $2),
     renamed AS (
       UPDATE transcripts SET title = $3 WHERE id IN (SELECT id FROM video WHERE source_kind = 'upload')
       RETURNING id)
     SELECT source_kind FROM video`,
    [videoId, userId, title],
  );
  const kind = rows[0]?.source_kind;
  return kind === undefined ? null : kind === 'upload' ? 'renamed' : 'youtube';
}
