import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  hasProAccess,
  titleFromFileName,
  TRANSCRIBE_AUDIO_NEEDS_PRO,
  TRANSCRIBE_AUDIO_UNAVAILABLE,
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
  type UploadedVideoRow,
} from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { InjectDb } from '../database/database.module';
import { VIDEO_NOT_FOUND } from '../library/user-video';
import { canFetchYouTubeAudio } from '../transcripts/captionless-video';
import {
  minutesUsedUp,
  transcribedMinutesOfMonth,
  transcriptionMinutesLimit,
} from '../usage/transcription-minutes';
import { usageMonth } from '../usage/usage.service';
import { TranscriptionJobs } from './transcription-jobs';

export const TRANSCRIPTION_NOT_FAILED =
  'This transcription has not failed: it is done, or still on its way. Only a failed transcription can be tried again.';

export const UPLOAD_NEEDS_PRO =
  'Uploading recordings is part of the Pro plan. Upgrade to Pro to transcribe your own recordings.';

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
    private readonly jobs: TranscriptionJobs,
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
    await this.jobs.queue(user, { mediaId });
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
    return this.statusOf(await this.uploadedVideo(userId, videoId));
  }

  /**
   * Transcribes again a recording whose transcription failed (409 otherwise), under the rules of a first transcription
   * (the plan, this month's minutes): the stored recording, on the user's lane, from where the failed job stopped.
   */
  async retry(user: Pick<User, 'id' | 'plan' | 'role'>, videoId: string): Promise<UploadTranscription> {
    const row = await this.uploadedVideo(user.id, videoId);
    if ((await this.statusOf(row)).state !== 'failed') throw new ConflictException(TRANSCRIPTION_NOT_FAILED);
    if (row.youtube_id !== null) {
      if (!hasProAccess(user)) throw new ForbiddenException(TRANSCRIBE_AUDIO_NEEDS_PRO);
      // Audio fetched before the failure is kept; audio still to fetch needs the operator's command.
      const audio = await this.media.find(row.media_id);
      if (!audio?.completed_at && !canFetchYouTubeAudio(this.env))
        throw new UnprocessableEntityException(TRANSCRIBE_AUDIO_UNAVAILABLE);
    }
    const refusal = await this.refusalOfNewUpload(user);
    if (refusal) throw new HttpException(refusal.message, refusal.status);
    await this.jobs.retry(user, { mediaId: row.media_id, youtubeId: row.youtube_id });
    return this.statusOf(row);
  }

  private async uploadedVideo(userId: string, videoId: string): Promise<UploadedVideoRow> {
    const row = await findUploadedVideo(this.db, userId, videoId);
    if (!row) throw new NotFoundException(VIDEO_NOT_FOUND);
    return row;
  }

  private async statusOf(row: UploadedVideoRow): Promise<UploadTranscription> {
    const base = { videoId: row.video_id, duration: row.duration, message: null };
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
    const job = await this.jobs.status(row.media_id);
    const idle = { ...base, phase: null, piecesDone: 0, pieceCount: 0, percent: 0, transcribedBy: null };
    if (!job)
      return {
        ...idle,
        state: 'failed',
        message:
          row.youtube_id === null
            ? 'The transcription of this recording stopped before it finished.'
            : "The transcription of this video's audio stopped before it finished.",
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
