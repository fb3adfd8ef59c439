import { Injectable } from '@nestjs/common';
import {
  CaptionTrackSchema,
  defaultCaptionTrack,
  sameTrack,
  storedDefaultTrack,
  type CaptionTrack,
  type CaptionTrackChoice,
} from '@lectern/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';

/** A cached transcript's track and the tracks YouTube listed for its video when it was fetched. */
export interface CachedTrackRow {
  id: string;
  caption_language: string | null;
  captions_auto_generated: boolean;
  caption_tracks_json: string;
}

const ListingSchema = z.array(CaptionTrackSchema);
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

export function trackOf(
  row: Pick<CachedTrackRow, 'caption_language' | 'captions_auto_generated'>,
): CaptionTrackChoice {
  return {
    languageCode: row.caption_language ?? 'und',
    kind: row.captions_auto_generated ? 'auto' : 'manual',
  };
}

function nameOf(track: CaptionTrackChoice): string {
  let language = track.languageCode;
  try {
    language = languageNames.of(track.languageCode) ?? track.languageCode;
  } catch {
    // Not a code Intl knows: shown as it is.
  }
  return track.kind === 'auto' ? `${language} (auto-generated)` : language;
}

/**
 * The video's tracks, manual ones first, always including the one its transcript was made from (a transcript
 * cached before tracks were listed has an empty listing: its own track is then the only one known).
 */
export function listedTracks(row: CachedTrackRow): CaptionTrack[] {
  let listing: CaptionTrack[] = [];
  try {
    const parsed = ListingSchema.safeParse(JSON.parse(row.caption_tracks_json));
    if (parsed.success) listing = parsed.data;
  } catch {
    // Unreadable: treated as not listed.
  }
  const chosen = trackOf(row);
  if (!listing.some((track) => sameTrack(track, chosen)))
    listing = [...listing, { ...chosen, name: nameOf(chosen) }];
  return [...listing.filter((t) => t.kind === 'manual'), ...listing.filter((t) => t.kind === 'auto')];
}

/** The gateway's reads of the shared transcript cache: one row per video and caption track. */
@Injectable()
export class TranscriptCache {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The cached transcript a user with these languages gets by default, or null when it must be fetched. The
   * listing of the newest row decides; a video cached before tracks were listed answers the row it has.
   */
  async findDefault(youtubeId: string, preferredLanguages: string[]): Promise<string | null> {
    const rows = await this.dataSource.query<CachedTrackRow[]>(
      `SELECT id, caption_language, captions_auto_generated, caption_tracks_json
         FROM transcripts WHERE youtube_id = $1 ORDER BY fetched_at DESC`,
      [youtubeId],
    );
    const [newest] = rows;
    if (!newest) return null;
    const choice = defaultCaptionTrack(listedTracks(newest), preferredLanguages);
    if (!choice) return newest.id;
    const stored = rows.map((row) => ({ ...trackOf(row), id: row.id }));
    return storedDefaultTrack(stored, choice)?.id ?? null;
  }

  /** The cached transcript of one track of the video, or null. */
  async findTrack(youtubeId: string, track: CaptionTrackChoice): Promise<string | null> {
    const [row] = await this.dataSource.query<{ id: string }[]>(
      `SELECT id FROM transcripts
        WHERE youtube_id = $1 AND lower(caption_language) = lower($2) AND captions_auto_generated = $3
        ORDER BY fetched_at DESC LIMIT 1`,
      [youtubeId, track.languageCode, track.kind === 'auto'],
    );
    return row?.id ?? null;
  }
}
