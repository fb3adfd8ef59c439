import { Inject, Injectable } from '@nestjs/common';
import { QueueName, type User } from '@lectern/contracts';
import { JobRequester, type QueuedJobStatus } from '@lectern/queue-runtime';
import { laneFor } from '../jobs/user-jobs';
import { UPLOAD_LIMITS, type UploadLimits } from './upload-limits';

/** The transcription job of a recording: one per recording, so finishing an upload twice queues it once. */
export const transcriptionJobId = (mediaId: string) => `transcribe-${mediaId}`;

/** The title a transcription of a video's audio starts with (the video itself still plays on its page). */
export const youtubeAudioTitle = (youtubeId: string) => `YouTube video ${youtubeId} (transcribed audio)`;

/** A recording the media worker transcribes: an upload, or the audio of a YouTube video (fetched first). */
export interface RecordingToTranscribe {
  mediaId: string;
  youtubeId?: string | null;
}

/**
 * The media worker's transcription jobs, queued in one place: on the user's lane (Pro or Free), under the recording's
 * job id, limited to the recordings' longest length.
 */
@Injectable()
export class TranscriptionJobs {
  constructor(
    private readonly requester: JobRequester,
    @Inject(UPLOAD_LIMITS) private readonly limits: UploadLimits,
  ) {}

  /** Queues the recording's transcription; a job already there under its id is left as it is. */
  async queue(user: Pick<User, 'id' | 'plan' | 'role'>, recording: RecordingToTranscribe): Promise<void> {
    const options = { lane: laneFor(user), jobId: transcriptionJobId(recording.mediaId) };
    const data = { mediaId: recording.mediaId, userId: user.id, maxMinutes: this.limits.maxMinutes };
    const { youtubeId } = recording;
    if (youtubeId)
      await this.requester.enqueue(
        QueueName.Media,
        'transcribe-youtube-audio',
        { ...data, youtubeId, title: youtubeAudioTitle(youtubeId) },
        options,
      );
    else await this.requester.enqueue(QueueName.Media, 'transcribe-media', data, options);
  }

  /**
   * Queues a failed transcription again, on the user's lane as it is now: the worker kept the pieces it had
   * transcribed, and the audio it had fetched, so the new job goes on where the failed one stopped.
   */
  async retry(user: Pick<User, 'id' | 'plan' | 'role'>, recording: RecordingToTranscribe): Promise<void> {
    await this.requester.removeFailed(QueueName.Media, transcriptionJobId(recording.mediaId));
    await this.queue(user, recording);
  }

  /** How the recording's transcription job stands; null once it is gone from the queue. */
  status(mediaId: string): Promise<QueuedJobStatus | null> {
    return this.requester.status(QueueName.Media, transcriptionJobId(mediaId));
  }
}
