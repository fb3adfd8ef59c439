import type { Db } from '../db';
import type { TranscriptRow } from './transcripts';

/**
 * A `transcript_answers` row: the transcript's part of a video's API answer, compressed once when the transcript
 * is stored (see `transcript-answer.ts` in @lectern/handovers). Brotli and deflate streams are flushed but not
 * finished, so a request appends the video's own fields to them.
 */
export interface TranscriptAnswerRow {
  transcript_id: string;
  /** The answer layout the bytes were made for (TRANSCRIPT_ANSWER_FORMAT). */
  format: number;
  /** Length in bytes of the uncompressed JSON prefix. */
  plain_bytes: number;
  /** SHA-1 of the uncompressed JSON prefix (base64url), the start of every ETag of the answer. */
  plain_sha1: string;
  /** CRC-32 of the uncompressed JSON prefix, from which the gzip trailer continues. */
  plain_crc32: number;
  brotli: Buffer;
  deflate: Buffer;
}

/** What a stored transcript row gives to its answer's prefix. */
export type TranscriptAnswerSourceRow = Pick<
  TranscriptRow,
  | 'youtube_id'
  | 'title'
  | 'channel_name'
  | 'thumbnail_url'
  | 'duration'
  | 'caption_language'
  | 'captions_auto_generated'
  | 'transcript_text'
  | 'segments_json'
  | 'chapters_json'
> & {
  /** The speech-to-text model that wrote an uploaded recording's transcript; null for captions. */
  transcribed_by_model: string | null;
  /** MD5 of those columns as read: a prefix is stored only while the row still has them. */
  source_digest: string;
};

/** The columns the prefix is made from (the trigger of migration 1795400900000 names the same), as one digest. */
const SOURCE_DIGEST = `md5(row(youtube_id, title, channel_name, thumbnail_url, duration, caption_language,
                              captions_auto_generated, transcript_text, segments_json, chapters_json,
                              transcribed_by_model)::text)`;

export async function findTranscriptAnswerSource(
  db: Db,
  transcriptId: string,
): Promise<TranscriptAnswerSourceRow | null> {
  const { rows } = await db.query<TranscriptAnswerSourceRow>(
    `SELECT youtube_id, title, channel_name, thumbnail_url, duration, caption_language, captions_auto_generated,
            transcript_text, segments_json, chapters_json, transcribed_by_model, ${SOURCE_DIGEST} AS source_digest
       FROM transcripts WHERE id = $1`,
    [transcriptId],
  );
  return rows[0] ?? null;
}

/** What a request reads first: enough for the answer's ETag, without the compressed bytes. */
export type TranscriptAnswerHead = Pick<
  TranscriptAnswerRow,
  'transcript_id' | 'format' | 'plain_bytes' | 'plain_sha1' | 'plain_crc32'
>;

export async function findTranscriptAnswerHead(
  db: Db,
  transcriptId: string,
): Promise<TranscriptAnswerHead | null> {
  const { rows } = await db.query<Record<keyof TranscriptAnswerHead, string | number>>(
    `SELECT transcript_id, format, plain_bytes, plain_sha1, plain_crc32
       FROM transcript_answers WHERE transcript_id = $1`,
    [transcriptId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    transcript_id: String(row.transcript_id),
    format: Number(row.format),
    plain_bytes: Number(row.plain_bytes),
    plain_sha1: String(row.plain_sha1),
    plain_crc32: Number(row.plain_crc32),
  };
}

/**
 * One compressed form of a transcript's stored answer prefix, or null when none is stored in that format with
 * that content (its row was dropped or replaced since the caller read its hash).
 */
export async function findTranscriptAnswerBytes(
  db: Db,
  head: Pick<TranscriptAnswerHead, 'transcript_id' | 'format' | 'plain_sha1'>,
  encoding: 'br' | 'gzip',
): Promise<Buffer | null> {
  const { rows } = await db.query<{ bytes: Buffer }>(
    `SELECT ${encoding === 'br' ? 'brotli' : 'deflate'} AS bytes
       FROM transcript_answers WHERE transcript_id = $1 AND format = $2 AND plain_sha1 = $3`,
    [head.transcript_id, head.format, head.plain_sha1],
  );
  return rows[0]?.bytes ?? null;
}

/**
 * Stores a transcript's answer prefix, made from the transcript row whose digest is `sourceDigest`, or replaces
 * one stored for an older format; a row of the same or a newer format is left as it is, so gateways of two
 * versions in a rolling deploy never take turns rewriting it. Nothing is stored once the transcript row no
 * longer has that digest, and the row is locked (FOR SHARE) until the insert commits, so an update of it
 * either comes first (nothing stored) or after (its trigger drops what was stored).
 */
export async function saveTranscriptAnswer(
  db: Db,
  answer: TranscriptAnswerRow,
  sourceDigest: string,
): Promise<void> {
  await db.query(
    `INSERT INTO transcript_answers (transcript_id, format, plain_bytes, plain_sha1, plain_crc32, brotli, deflate)
     SELECT id, $2, $3, $4, $5, $6, $7 FROM transcripts
      WHERE id = $1 AND ${SOURCE_DIGEST} = $8
        FOR SHARE
     ON CONFLICT (transcript_id) DO UPDATE
       SET format = EXCLUDED.format, plain_bytes = EXCLUDED.plain_bytes, plain_sha1 = EXCLUDED.plain_sha1,
           plain_crc32 = EXCLUDED.plain_crc32, brotli = EXCLUDED.brotli, deflate = EXCLUDED.deflate,
           created_at = now()
     WHERE transcript_answers.format < EXCLUDED.format`,
    [
      answer.transcript_id,
      answer.format,
      answer.plain_bytes,
      answer.plain_sha1,
      answer.plain_crc32,
      answer.brotli,
      answer.deflate,
      sourceDigest,
    ],
  );
}
