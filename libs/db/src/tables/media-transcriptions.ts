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

/** Stores the recording's transcript once; answers its row's id, whether it was stored now or before. */
export async function insertSpeechTranscript(db: Db, transcript: NewSpeechTranscript): Promise<string> {
  await db.query(
    `INSERT INTO transcripts (source_kind, media_id, youtube_id, title, duration, caption_language,
                              captions_auto_generated, segment_count, segments_json, transcript_text,
                              transcribed_by_model)
     VALUES ('upload', $1, NULL, $2, $3, $4, true, $5, $6, $7, $8)
     ON CONFLICT (media_id) DO NOTHING`,
    [
      transcript.mediaId,
      transcript.title,
      transcript.duration,
      transcript.language,
      transcript.segmentCount,
      transcript.segmentsJson,
      transcript.transcriptText,
      transcript.model,
    ],
  );
  const found = await findSpeechTranscript(db, transcript.mediaId);
  return found!.id;
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
       FROM transcripts WHERE source_kind = 'upload' AND media_id = $1`,
    [mediaId],
  );
  return rows[0] ?? null;
}
