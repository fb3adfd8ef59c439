import { CaptionTrackSchema, type CaptionTrack, type CaptionTrackChoice } from '@lectern/contracts';
import { z } from 'zod';
import type { Db } from '../db';

/**
 * A `transcripts` row: the shared transcript cache, one row per caption track of a YouTube video, written by
 * the transcripts worker. Segments are kept as the exact JSON the API serves.
 */
export interface TranscriptRow {
  id: string;
  /** Null for the transcript of an uploaded recording (source kind `upload`). */
  youtube_id: string | null;
  title: string | null;
  channel_name: string | null;
  thumbnail_url: string | null;
  duration: number | null;
  /** 'und' for a language YouTube did not name. */
  caption_language: string;
  captions_auto_generated: boolean;
  /** Every caption track YouTube listed for the video (CaptionTrack[] as JSON), manual ones first. */
  caption_tracks_json: string;
  segment_count: number;
  segments_json: string;
  transcript_text: string;
  /** YouTube's own chapters (Chapter[] as JSON), '[]' when the description gives none. */
  chapters_json: string;
  fetched_at: Date;
}

/** A cached transcript's track and the tracks YouTube listed for its video when it was fetched. */
export type TranscriptTrackRow = Pick<
  TranscriptRow,
  'id' | 'caption_language' | 'captions_auto_generated' | 'caption_tracks_json'
>;

const ListedTracksSchema = z.array(CaptionTrackSchema);

/** The tracks a row's `caption_tracks_json` lists: none when it lists none, or when it cannot be read as tracks. */
export function parseListedTracks(json: string | undefined): CaptionTrack[] {
  try {
    const parsed = ListedTracksSchema.safeParse(JSON.parse(json ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The caption track a cached transcript was made from. */
export function captionTrackOf(
  row: Pick<TranscriptRow, 'caption_language' | 'captions_auto_generated'>,
): CaptionTrackChoice {
  return { languageCode: row.caption_language, kind: row.captions_auto_generated ? 'auto' : 'manual' };
}

/**
 * The rows of the shared cache: a video's caption transcripts. A transcript of a video's audio carries its YouTube
 * id too, but it is its user's alone, so no lookup of the cache by YouTube id may ever read it.
 */
const CAPTIONS = "source_kind = 'youtube'";

/** Every cached track of a video, newest first. */
export async function findTranscriptTracks(db: Db, youtubeId: string): Promise<TranscriptTrackRow[]> {
  const { rows } = await db.query<TranscriptTrackRow>(
    `SELECT id, caption_language, captions_auto_generated, caption_tracks_json
       FROM transcripts WHERE youtube_id = $1 AND ${CAPTIONS} ORDER BY fetched_at DESC, id`,
    [youtubeId],
  );
  return rows;
}

/** A fetched transcript to store; a null language is refused by the table (the worker always names one). */
export type NewTranscript = Omit<
  TranscriptRow,
  'id' | 'fetched_at' | 'caption_language' | 'chapters_json'
> & {
  caption_language: string | null;
  /** '[]' (no chapters) when not given. */
  chapters_json?: string;
};

/** Stores a transcript unless its track is already cached; answers the new row's id, or null when it was. */
export async function insertTranscriptIfAbsent(db: Db, transcript: NewTranscript): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO transcripts (youtube_id, title, channel_name, thumbnail_url, duration, caption_language,
                              captions_auto_generated, caption_tracks_json, segment_count, segments_json,
                              transcript_text, chapters_json)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (youtube_id, caption_language, captions_auto_generated) WHERE ${CAPTIONS} DO NOTHING
     RETURNING id`,
    [
      transcript.youtube_id,
      transcript.title,
      transcript.channel_name,
      transcript.thumbnail_url,
      transcript.duration,
      transcript.caption_language,
      transcript.captions_auto_generated,
      transcript.caption_tracks_json,
      transcript.segment_count,
      transcript.segments_json,
      transcript.transcript_text,
      transcript.chapters_json ?? '[]',
    ],
  );
  return rows[0]?.id ?? null;
}

/** Every cached track of the video learns the newest list of tracks. */
export async function updateListedTracks(db: Db, youtubeId: string, tracksJson: string): Promise<void> {
  // Rows are locked in id order, so two fetches of one video's tracks cannot deadlock here.
  await db.query(
    `UPDATE transcripts SET caption_tracks_json = $2
      WHERE id IN (SELECT id FROM transcripts
                    WHERE youtube_id = $1 AND ${CAPTIONS} AND caption_tracks_json <> $2
                    ORDER BY id FOR UPDATE)`,
    [youtubeId, tracksJson],
  );
}

/** The cached transcript of exactly this track (language code as stored), or null. */
export async function findTrackTranscriptId(
  db: Db,
  youtubeId: string,
  captionLanguage: string | null,
  autoGenerated: boolean,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM transcripts
      WHERE youtube_id = $1 AND ${CAPTIONS} AND caption_language = $2 AND captions_auto_generated = $3`,
    [youtubeId, captionLanguage, autoGenerated],
  );
  return rows[0]?.id ?? null;
}

/** The newest cached transcript of a track, its language code compared without case, or null. */
export async function findNewestTrackTranscriptId(
  db: Db,
  youtubeId: string,
  languageCode: string,
  autoGenerated: boolean,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM transcripts
      WHERE youtube_id = $1 AND ${CAPTIONS} AND lower(caption_language) = lower($2)
        AND captions_auto_generated = $3
      ORDER BY fetched_at DESC LIMIT 1`,
    [youtubeId, languageCode, autoGenerated],
  );
  return rows[0]?.id ?? null;
}

/**
 * The transcript `id` as stored, if it is of this video and, when a track is given, of that track (language
 * code compared without case); null otherwise. A worker's answer is checked with it.
 */
export async function findTranscriptOfVideo(
  db: Db,
  id: string,
  youtubeId: string,
  track: { languageCode: string; autoGenerated: boolean } | null,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM transcripts
      WHERE id = $1 AND youtube_id = $2 AND ${CAPTIONS}
        AND ($3::text IS NULL OR (lower(caption_language) = lower($3) AND captions_auto_generated = $4))`,
    [id, youtubeId, track?.languageCode ?? null, track?.autoGenerated ?? false],
  );
  return rows[0]?.id ?? null;
}

export async function findTranscriptSegmentsJson(db: Db, id: string): Promise<string | null> {
  const { rows } = await db.query<Pick<TranscriptRow, 'segments_json'>>(
    'SELECT segments_json FROM transcripts WHERE id = $1',
    [id],
  );
  return rows[0]?.segments_json ?? null;
}

/** The transcript's caption language ('und' when YouTube named none), or null when the transcript is gone. */
export async function findTranscriptLanguage(db: Db, id: string): Promise<string | null> {
  const { rows } = await db.query<Pick<TranscriptRow, 'caption_language'>>(
    'SELECT caption_language FROM transcripts WHERE id = $1',
    [id],
  );
  return rows[0]?.caption_language ?? null;
}

export async function findTranscriptText(db: Db, id: string): Promise<string | null> {
  const { rows } = await db.query<Pick<TranscriptRow, 'transcript_text'>>(
    'SELECT transcript_text FROM transcripts WHERE id = $1',
    [id],
  );
  return rows[0]?.transcript_text ?? null;
}
