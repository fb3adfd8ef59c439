import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  QueueName,
  titleFromFileName,
  type MediaTranscriptionProgress,
  type UploadFinished,
  type UploadTranscription,
  type User,
} from '@lectern/contracts';
import {
  findUploadedVideo,
  insertPendingSpeechTranscript,
  insertUploadedVideo,
  renameUploadedVideo,
  type Db,
  Transactions,
} from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import { JobRequester } from '@lectern/queue-runtime';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { InjectDb } from '../database/database.module';
import { laneFor } from '../jobs/user-jobs';
import { VIDEO_NOT_FOUND } from '../library/user-video';
import {
  minutesUsedUp,
  transcribedMinutesOfMonth,
  transcriptionMinutesLimit,
} from '../usage/transcription-minutes';
import { usageMonth } from '../usage/usage.service';

export const UPLOAD_NEEDS_PRO =
  'Uploading recordings is part of the Pro plan. Upgrade to Pro to transcribe your own recordings.';

/** What one upload may be: its size in megabytes (UPLOAD_MAX_MB), its length in minutes (UPLOAD_MAX_MINUTES). */
export interface UploadLimits {
  maxMegabytes: number;
  maxMinutes: number;
}
export const UPLOAD_LIMITS = Symbol('UPLOAD_LIMITS');

/** The transcription job of a recording: one per recording, so finishing an upload twice queues it once. */
export const transcriptionJobId = (mediaId: string) => `transcribe-${mediaId}`;

/**
 * Recordings once they are uploaded: each becomes a library entry (titled after its file, no YouTube link) whose
 * transcript the media worker writes on the user's lane; the page polls how far it is.
 */
@Injectable()
export class UploadsService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly media: MediaStore,
    private readonly requester: JobRequester,
    @Inject(UPLOAD_LIMITS) private readonly limits: UploadLimits,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * Why the user may not start an upload now: 403 on a plan without minutes of transcription (Free, by default),
   * 402 once this month's minutes are used; null when they may.
   */
  async refusalOfNewUpload(
    user: Pick<User, 'id' | 'plan' | 'role'>,
  ): Promise<{ status: number; message: string } | null> {
    const limit = transcriptionMinutesLimit(user, this.env);
    if (limit === 0) return { status: 403, message: UPLOAD_NEEDS_PRO };
    const used = await transcribedMinutesOfMonth(this.db, user.id, usageMonth());
    const usedUp = minutesUsedUp(user, used, limit);
    return usedUp ? { status: 402, message: usedUp } : null;
  }

  /** The upload is whole: the recording is marked so, its library entry made and its transcription queued. */
  async finish(user: Pick<User, 'id' | 'plan' | 'role'>, mediaId: string): Promise<UploadFinished> {
    await this.media.finish(mediaId);
    const file = await this.media.find(mediaId);
    if (!file || file.user_id !== user.id) throw new NotFoundException('Upload not found.');
    const videoId = await this.transactions.run(async (db) => {
      const transcriptId = await insertPendingSpeechTranscript(db, {
        mediaId,
        title: titleFromFileName(file.file_name),
      });
      return insertUploadedVideo(db, { userId: user.id, transcriptId });
    });
    await this.requester.enqueue(
      QueueName.Media,
      'transcribe-media',
      { mediaId, userId: user.id, maxMinutes: this.limits.maxMinutes },
      { lane: laneFor(user), jobId: transcriptionJobId(mediaId) },
    );
    return { videoId, mediaId };
  }

  /** Gives the user's uploaded recording a new title; a YouTube video keeps YouTube's (422). */
  async rename(userId: string, videoId: string, title: string): Promise<void> {
    const outcome = await renameUploadedVideo(this.db, userId, videoId, title);
    if (!outcome) throw new NotFoundException(VIDEO_NOT_FOUND);
    if (outcome === 'youtube')
      throw new UnprocessableEntityException(
        'A YouTube video keeps its title from YouTube; only an uploaded recording can be renamed.',
      );
  }

  /** How the transcription of the user's uploaded recording goes; 404 for any other video. */
  async transcription(userId: string, videoId: string): Promise<UploadTranscription> {
    const row = await findUploadedVideo(this.db, userId, videoId);
    if (!row) throw new NotFoundException(VIDEO_NOT_FOUND);
    const base = { videoId, duration: row.duration, message: null };
    if (row.transcribed_by_model)
      return {
        ...base,
        state: 'done',
        phase: null,
        piecesDone: 0,
        pieceCount: 0,
        percent: 100,
        transcribedBy: { method: 'speech-recognition', model: row.transcribed_by_model },
      };
    const job = await this.requester.status(QueueName.Media, transcriptionJobId(row.media_id));
    const idle = { ...base, phase: null, piecesDone: 0, pieceCount: 0, percent: 0, transcribedBy: null };
    if (!job)
      return {
        ...idle,
        state: 'failed',
        message:
          row.youtube_id === null
            ? 'The transcription of this recording stopped. Please upload it again.'
            : "The transcription of this video's audio stopped. Delete it from your library and try again.",
      };
    if (job.failure) return { ...idle, state: 'failed', message: job.failure };
    const progress = progressOf(job.progress);
    if (job.state === 'active' && progress) return { ...idle, state: 'running', ...progress };
    return { ...idle, state: 'queued', ...(progress ?? {}) };
  }
}

function progressOf(value: unknown): MediaTranscriptionProgress | null {
  if (typeof value !== 'object' || value === null || !('phase' in value)) return null;
  const progress = value as MediaTranscriptionProgress;
  return {
    phase: progress.phase,
    piecesDone: progress.piecesDone,
    pieceCount: progress.pieceCount,
    percent: progress.percent,
  };
}
