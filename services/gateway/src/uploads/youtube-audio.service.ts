import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  hasProAccess,
  parseYouTubeUrl,
  TRANSCRIBE_AUDIO_ALREADY_IN_LIBRARY,
  TRANSCRIBE_AUDIO_NEEDS_PRO,
  TRANSCRIBE_AUDIO_UNAVAILABLE,
  type TranscribeAudioStarted,
  type User,
} from '@lectern/contracts';
import {
  deleteVideo,
  findVideoIdByYoutubeId,
  insertMediaFile,
  insertPendingSpeechTranscript,
  insertVideo,
  isUniqueViolation,
  Transactions,
  type Db,
} from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { InjectDb } from '../database/database.module';
import { canFetchYouTubeAudio } from '../transcripts/captionless-video';
import { TranscriptionJobs, youtubeAudioTitle } from './transcription-jobs';
import { UploadsService } from './uploads.service';

/**
 * Transcribing a YouTube video's audio for a Pro user, where the operator gave the media worker a command to fetch it
 * (YOUTUBE_AUDIO_COMMAND): a library entry of the video on a transcript of its own, made by speech recognition as an
 * uploaded recording's is, and counted against the same minutes, on success only.
 */
@Injectable()
export class YouTubeAudioService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly uploads: UploadsService,
    private readonly jobs: TranscriptionJobs,
    private readonly media: MediaStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** Makes the library entry, its recording and pending transcript, and queues the job on the user's lane. */
  async start(user: User, youtubeUrl: string): Promise<TranscribeAudioStarted> {
    const parsed = parseYouTubeUrl(youtubeUrl);
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    const youtubeId = parsed.videoId;
    if (!canFetchYouTubeAudio(this.env)) throw new UnprocessableEntityException(TRANSCRIBE_AUDIO_UNAVAILABLE);
    if (!hasProAccess(user)) throw new ForbiddenException(TRANSCRIBE_AUDIO_NEEDS_PRO);
    const refusal = await this.uploads.refusalOfNewUpload(user);
    if (refusal) throw new HttpException(refusal.message, refusal.status);
    if (await findVideoIdByYoutubeId(this.db, user.id, youtubeId))
      throw new ConflictException(TRANSCRIBE_AUDIO_ALREADY_IN_LIBRARY);

    const title = youtubeAudioTitle(youtubeId);
    const { videoId, mediaId } = await this.transactions
      .run(async (db) => {
        const mediaId = await insertMediaFile(db, {
          userId: user.id,
          fileName: `youtube-${youtubeId}.audio`,
          contentType: null,
          declaredBytes: null,
        });
        const transcriptId = await insertPendingSpeechTranscript(db, { mediaId, title, youtubeId });
        return { mediaId, videoId: await insertVideo(db, { userId: user.id, transcriptId, youtubeId }) };
      })
      .catch((error: unknown) => {
        // A second request of the same user for the video, at the same moment.
        throw isUniqueViolation(error) ? new ConflictException(TRANSCRIBE_AUDIO_ALREADY_IN_LIBRARY) : error;
      });
    try {
      await this.jobs.queue(user, { mediaId, youtubeId });
    } catch (error) {
      // Without its job the entry would wait for ever: it goes, and the user may ask again.
      await deleteVideo(this.db, user.id, videoId);
      await this.media.delete(mediaId);
      throw error;
    }
    return { videoId };
  }
}
