import { Injectable } from '@nestjs/common';
import {
  defaultCaptionTrack,
  sameTrack,
  storedDefaultTrack,
  type CaptionTrack,
  type CaptionTrackChoice,
} from '@lectern/contracts';
import {
  captionTrackOf,
  findNewestTrackTranscriptId,
  findTranscriptTracks,
  parseListedTracks,
  type Db,
  type TranscriptTrackRow,
} from '@lectern/db';
import { InjectDb } from '../database/db';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

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
export function listedTracks(row: TranscriptTrackRow): CaptionTrack[] {
  let listing = parseListedTracks(row.caption_tracks_json);
  const chosen = captionTrackOf(row);
  if (!listing.some((track) => sameTrack(track, chosen)))
    listing = [...listing, { ...chosen, name: nameOf(chosen) }];
  return [...listing.filter((t) => t.kind === 'manual'), ...listing.filter((t) => t.kind === 'auto')];
}

/** The gateway's reads of the shared transcript cache: one row per video and caption track. */
@Injectable()
export class TranscriptCache {
  constructor(@InjectDb() private readonly db: Db) {}

  /**
   * The cached transcript a user with these languages gets by default, or null when it must be fetched. The
   * listing of the newest row decides; a video cached before tracks were listed answers the row it has.
   */
  async findDefault(youtubeId: string, preferredLanguages: string[]): Promise<string | null> {
    const rows = await findTranscriptTracks(this.db, youtubeId);
    const [newest] = rows;
    if (!newest) return null;
    const choice = defaultCaptionTrack(listedTracks(newest), preferredLanguages);
    if (!choice) return newest.id;
    const stored = rows.map((row) => ({ ...captionTrackOf(row), id: row.id }));
    return storedDefaultTrack(stored, choice)?.id ?? null;
  }

  /** The cached transcript of one track of the video, or null. */
  async findTrack(youtubeId: string, track: CaptionTrackChoice): Promise<string | null> {
    return findNewestTrackTranscriptId(this.db, youtubeId, track.languageCode, track.kind === 'auto');
  }
}
