import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  defaultCaptionTrack,
  isRecordId,
  parseYouTubeUrl,
  QueueName,
  sameTrack,
  storedDefaultTrack,
  type CaptionTrack,
  type CaptionTrackChoice,
  type User,
  type VideoSummary,
} from '@lectern/contracts';
import {
  captionTrackOf,
  findNewestTrackTranscriptId,
  findTranscriptOfVideo,
  findTranscriptTracks,
  findVideoIdByYoutubeId,
  insertVideo,
  parseListedTracks,
  type Db,
  type TranscriptTrackRow,
} from '@lectern/db';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { InjectDb } from '../database/database.module';
import { UserJobs } from '../jobs/user-jobs';
import { VideosService } from '../library/videos.service';
import { UsageService } from '../usage/usage.service';
import { canFetchYouTubeAudio, captionlessRefusalOf } from './captionless-video';

// Where the gateway gets a video's transcript: the shared cache (TranscriptCache), else the transcripts worker
// fetches it (TranscriptFetcher). Every caller asks the first, then the second.

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

// A fetch can take several YouTube round trips and a retry with back-off.
export const TRANSCRIPT_FETCH_TIMEOUT_MS = 90_000;

export interface FetchOptions {
  /** A track the user chose; without it the worker applies the default choice. */
  track?: CaptionTrackChoice;
  /** The user's languages, most wanted first, for the default choice. */
  preferredLanguages?: string[];
}

/** Has the transcripts worker fetch a video's captions into the shared cache, on the user's plan lane. */
@Injectable()
export class TranscriptFetcher {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly jobs: UserJobs,
  ) {}

  /** Answers the cached transcript's id, checked to be of the video (and track) asked for. */
  async fetch(user: User, youtubeId: string, options: FetchOptions = {}): Promise<string> {
    const { track, preferredLanguages = [] } = options;
    const { transcriptId } = await this.jobs.request(
      user,
      QueueName.Transcripts,
      'fetch-transcript',
      track ? { youtubeId, track } : { youtubeId, preferredLanguages },
      {
        timeoutMs: TRANSCRIPT_FETCH_TIMEOUT_MS,
        // Requests for the same transcript share one job; users with other languages may be given another.
        deduplicationId: track
          ? `fetch-transcript:${youtubeId}:${track.kind}:${track.languageCode}`
          : ['fetch-transcript', youtubeId, ...preferredLanguages].join(':'),
        timeoutMessage: 'Fetching the transcript took too long. Please try again.',
      },
      {
        what: 'transcript',
        // The answer must be the transcript of the video (and track) asked for, whatever became of the job's data.
        mismatch: async ({ transcriptId }) => {
          const found =
            isRecordId(transcriptId) &&
            (await findTranscriptOfVideo(
              this.db,
              transcriptId,
              youtubeId,
              track ? { languageCode: track.languageCode, autoGenerated: track.kind === 'auto' } : null,
            )) !== null;
          return found ? null : { youtubeId, track, transcriptId };
        },
      },
    );
    // The id as PostgreSQL writes the uuid the check found.
    return transcriptId.toLowerCase();
  }
}

@Injectable()
export class TranscriptsService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly fetcher: TranscriptFetcher,
    private readonly cache: TranscriptCache,
    private readonly usage: UsageService,
    private readonly videos: VideosService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * Adds a video to the user's library. A video already there answers as it is (nothing counted); a video
   * someone else analysed comes from the shared cache (no YouTube request); otherwise the transcripts worker
   * fetches it. Free users' new videos count against the monthly limit either way (see UsageService.runCounted).
   * The caption track is the default choice for the user's languages (most wanted first). A video without captions
   * is refused with 422 saying what works instead: its audio transcribed, or an upload (see captionlessRefusalOf).
   */
  async analyse(user: User, youtubeUrl: string, preferredLanguages: string[] = []): Promise<VideoSummary> {
    const parsed = parseYouTubeUrl(youtubeUrl);
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    const youtubeId = parsed.videoId;

    const existing = await this.findVideoId(user.id, youtubeId);
    if (existing) return this.videos.summary(user.id, existing);

    const cached = await this.cache.findDefault(youtubeId, preferredLanguages);
    const videoId = await this.usage
      .runCounted(user, 'transcript', {
        startsJob: !cached,
        job: () =>
          cached ? Promise.resolve(cached) : this.fetcher.fetch(user, youtubeId, { preferredLanguages }),
        jobTimeoutMs: TRANSCRIPT_FETCH_TIMEOUT_MS,
        subject: `video:${youtubeId}`,
        record: async (db, transcriptId) => {
          // Checked again under the lock: a parallel request of this user may have added it meanwhile.
          const already = await findVideoIdByYoutubeId(db, user.id, youtubeId);
          if (already) return { value: already, counted: null };
          const created = await insertVideo(db, { userId: user.id, transcriptId, youtubeId });
          return { value: created, counted: created };
        },
      })
      .catch((error: unknown) => {
        throw captionlessRefusalOf(error, user, canFetchYouTubeAudio(this.env)) ?? error;
      });
    return this.videos.summary(user.id, videoId);
  }

  private async findVideoId(userId: string, youtubeId: string): Promise<string | null> {
    return findVideoIdByYoutubeId(this.db, userId, youtubeId);
  }
}
