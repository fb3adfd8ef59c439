import { Injectable } from '@nestjs/common';
import { isRecordId, QueueName, type CaptionTrackChoice, type User } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { DataSource } from 'typeorm';
import { foreignResult } from '../library/foreign-result';
import { laneFor } from '../library/plan-lane';

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
    private readonly dataSource: DataSource,
    private readonly jobs: JobRequester,
  ) {}

  /** Answers the cached transcript's id, checked to be of the video (and track) asked for. */
  async fetch(user: User, youtubeId: string, options: FetchOptions = {}): Promise<string> {
    const { track, preferredLanguages = [] } = options;
    const result = await this.jobs.request(
      QueueName.Transcripts,
      'fetch-transcript',
      track ? { youtubeId, track } : { youtubeId, preferredLanguages },
      {
        lane: laneFor(user),
        timeoutMs: TRANSCRIPT_FETCH_TIMEOUT_MS,
        // Requests for the same transcript share one job; users with other languages may be given another.
        deduplicationId: track
          ? `fetch-transcript:${youtubeId}:${track.kind}:${track.languageCode}`
          : ['fetch-transcript', youtubeId, ...preferredLanguages].join(':'),
        timeoutMessage: 'Fetching the transcript took too long. Please try again.',
      },
    );
    // The answer must be the transcript of the video (and track) asked for, whatever became of the job's data.
    const [row] = isRecordId(result.transcriptId)
      ? await this.dataSource.query<{ id: string }[]>(
          `SELECT id FROM transcripts
            WHERE id = $1 AND youtube_id = $2
              AND ($3::text IS NULL OR (lower(caption_language) = lower($3) AND captions_auto_generated = $4))`,
          [result.transcriptId, youtubeId, track?.languageCode ?? null, track?.kind === 'auto'],
        )
      : [];
    if (!row) throw foreignResult('transcript', { youtubeId, track, transcriptId: result.transcriptId });
    return row.id;
  }
}
