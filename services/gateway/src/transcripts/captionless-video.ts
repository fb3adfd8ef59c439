import { UnprocessableEntityException } from '@nestjs/common';
import {
  CAPTIONLESS_OFFERS,
  CaptionlessCode,
  hasProAccess,
  isNoCaptionsMessage,
  type User,
} from '@lectern/contracts';
import { JobRequestError } from '@lectern/queue-runtime';
import type { GatewayEnv } from '../config/gateway-env';

/** Whether the operator gave the media worker a way to fetch a YouTube video's audio (YOUTUBE_AUDIO_COMMAND). */
export const canFetchYouTubeAudio = (env: Pick<GatewayEnv, 'YOUTUBE_AUDIO_COMMAND'>): boolean =>
  Boolean(env.YOUTUBE_AUDIO_COMMAND?.trim());

/**
 * What a user is told when the video they analyse has no captions: a Pro user on a server that can fetch YouTube
 * audio may have the audio transcribed (code `TranscribeAudio`, which the app offers as a button); otherwise an
 * upload of its recording works, and on Free either is a Pro feature. Answers null for any other failure.
 */
export function captionlessRefusalOf(
  error: unknown,
  user: Pick<User, 'plan' | 'role'>,
  audioSource: boolean,
): UnprocessableEntityException | null {
  if (!(error instanceof JobRequestError) || error.status !== 422 || !isNoCaptionsMessage(error.message))
    return null;
  const pro = hasProAccess(user);
  const offer = pro
    ? audioSource
      ? CAPTIONLESS_OFFERS.transcribeAudio
      : CAPTIONLESS_OFFERS.upload
    : audioSource
      ? CAPTIONLESS_OFFERS.proTranscribesAudio
      : CAPTIONLESS_OFFERS.proUpload;
  return new UnprocessableEntityException({
    message: `${error.message} ${offer}`,
    code: pro && audioSource ? CaptionlessCode.TranscribeAudio : CaptionlessCode.NoCaptions,
  });
}
