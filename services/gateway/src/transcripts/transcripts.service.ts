import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { parseYouTubeUrl, type User, type VideoSummary } from '@lectern/contracts';
import { findVideoIdByYoutubeId, insertVideo, type Db } from '@lectern/db';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { InjectDb } from '../database/db';
import { VideosService } from '../library/videos.service';
import { UsageService } from '../usage/usage.service';
import { canFetchYouTubeAudio, captionlessRefusalOf } from './captionless-video';
import { TRANSCRIPT_FETCH_TIMEOUT_MS, TranscriptCache, TranscriptFetcher } from './transcript-source';

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
