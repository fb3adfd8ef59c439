import { BadRequestException, Injectable } from '@nestjs/common';
import { isRecordId, parseYouTubeUrl, QueueName, type User, type VideoSummary } from '@lectern/contracts';
import { JobRequester } from '@lectern/contracts/runtime';
import { DataSource } from 'typeorm';
import { VideosService } from '../library/videos.service';
import { foreignResult } from '../library/foreign-result';
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
   * fetches it. Free users' new videos count against the monthly limit either way (see UsageService.runCounted).
   */
  async analyse(user: User, youtubeUrl: string): Promise<VideoSummary> {
    const parsed = parseYouTubeUrl(youtubeUrl);
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    const youtubeId = parsed.videoId;

    const existing = await this.findVideoId(user.id, youtubeId);
    if (existing) return this.videos.summary(user.id, existing);

    const cached = await this.findTranscriptId(youtubeId);
    const videoId = await this.usage.runCounted(user, 'transcript', {
      startsJob: !cached,
      job: () => (cached ? Promise.resolve(cached) : this.fetch(user, youtubeId)),
      jobTimeoutMs: TRANSCRIPT_FETCH_TIMEOUT_MS,
      subject: `video:${youtubeId}`,
      record: async (manager, transcriptId) => {
        // Checked again under the lock: a parallel request of this user may have added it meanwhile.
        const [already] = await manager.query<{ id: string }[]>(
          'SELECT id FROM videos WHERE user_id = $1 AND youtube_id = $2',
          [user.id, youtubeId],
        );
        if (already) return { value: already.id, counted: null };
        const [created] = await manager.query<{ id: string }[]>(
          'INSERT INTO videos (user_id, transcript_id, youtube_id) VALUES ($1, $2, $3) RETURNING id',
          [user.id, transcriptId, youtubeId],
        );
        return { value: created!.id, counted: created!.id };
      },
    });
    return this.videos.summary(user.id, videoId);
  }

  /** Has the transcripts worker fetch the video; answers its cached transcript's id. */
  private async fetch(user: User, youtubeId: string): Promise<string> {
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
    // The answer must be the transcript of the video asked for, whatever became of the job's data meanwhile.
    const [row] = isRecordId(result.transcriptId)
      ? await this.dataSource.query<{ id: string }[]>(
          'SELECT id FROM transcripts WHERE id = $1 AND youtube_id = $2',
          [result.transcriptId, youtubeId],
        )
      : [];
    if (!row) throw foreignResult('transcript', { youtubeId, transcriptId: result.transcriptId });
    return row.id;
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
