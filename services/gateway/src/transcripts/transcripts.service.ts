import { BadRequestException, Injectable } from '@nestjs/common';
import { parseYouTubeUrl, QueueName, type User, type VideoSummary } from '@lectern/contracts';
import { JobRequester } from '@lectern/contracts/runtime';
import { DataSource } from 'typeorm';
import { VideosService } from '../library/videos.service';
import { laneFor } from '../library/plan-lane';
import { UsageService } from '../usage/usage.service';

// A fetch can take several YouTube round trips and a retry with back-off.
export const TRANSCRIPT_FETCH_TIMEOUT_MS = 90_000;

@Injectable()
export class TranscriptsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobRequester,
    private readonly usage: UsageService,
    private readonly videos: VideosService,
  ) {}

  /**
   * Adds a video to the user's library. A video already there answers as it is (nothing counted); a video
   * someone else analysed comes from the shared cache (no YouTube request); otherwise the transcripts worker
   * fetches it. Free users' new videos count against the monthly limit, under the user's lock.
   */
  async analyse(user: User, youtubeUrl: string): Promise<VideoSummary> {
    const parsed = parseYouTubeUrl(youtubeUrl);
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    const youtubeId = parsed.videoId;

    const existing = await this.findVideoId(user.id, youtubeId);
    if (existing) return this.videos.summary(user.id, existing);

    let transcriptId = await this.findTranscriptId(youtubeId);
    if (!transcriptId) {
      await this.usage.assertAvailable(user, 'transcript');
      const result = await this.jobs.request(
        QueueName.Transcripts,
        'fetch-transcript',
        { youtubeId },
        {
          lane: laneFor(user),
          timeoutMs: TRANSCRIPT_FETCH_TIMEOUT_MS,
          deduplicationId: `fetch-transcript:${youtubeId}`,
          timeoutMessage: 'Fetching the transcript took too long. Please try again.',
        },
      );
      transcriptId = result.transcriptId;
    }

    const videoId = await this.usage.withUserLock(user.id, async (manager) => {
      // Checked again under the lock: a parallel request of this user may have added it meanwhile.
      const [already] = await manager.query<{ id: string }[]>(
        'SELECT id FROM videos WHERE user_id = $1 AND youtube_id = $2',
        [user.id, youtubeId],
      );
      if (already) return already.id;
      const [created] = await manager.query<{ id: string }[]>(
        'INSERT INTO videos (user_id, transcript_id, youtube_id) VALUES ($1, $2, $3) RETURNING id',
        [user.id, transcriptId, youtubeId],
      );
      await this.usage.consume(manager, user, 'transcript', created!.id);
      return created!.id;
    });
    return this.videos.summary(user.id, videoId);
  }

  private async findVideoId(userId: string, youtubeId: string): Promise<string | null> {
    const [row] = await this.dataSource.query<{ id: string }[]>(
      'SELECT id FROM videos WHERE user_id = $1 AND youtube_id = $2',
      [userId, youtubeId],
    );
    return row?.id ?? null;
  }

  private async findTranscriptId(youtubeId: string): Promise<string | null> {
    const [row] = await this.dataSource.query<{ id: string }[]>(
      'SELECT id FROM transcripts WHERE youtube_id = $1',
      [youtubeId],
    );
    return row?.id ?? null;
  }
}
