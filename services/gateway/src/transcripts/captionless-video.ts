import { UnprocessableEntityException } from '@nestjs/common';
import {
  hasProAccess,
  isNoCaptionsMessage,
  type CaptionlessVideoRefusal,
  type User,
} from '@lectern/contracts';
import { JobRequestError } from '@lectern/queue-runtime';

/** A 422 whose body carries, beside its message, whether the video's audio can be transcribed instead. */
export class CaptionlessVideoException extends UnprocessableEntityException {
  constructor(readonly refusal: CaptionlessVideoRefusal) {
    super(refusal.message);
  }
}

/**
 * What a user is told when the video they analyse has no captions: a Pro user on a server with an audio source
 * (YOUTUBE_AUDIO_COMMAND) is offered the transcription of its audio; otherwise the message says what works.
 * Answers null for any other failure.
 */
export function captionlessRefusalOf(
  error: unknown,
  user: Pick<User, 'plan' | 'role'>,
  audioSourceConfigured: boolean,
): CaptionlessVideoException | null {
  if (!(error instanceof JobRequestError) || error.status !== 422 || !isNoCaptionsMessage(error.message))
    return null;
  const pro = hasProAccess(user);
  if (pro && audioSourceConfigured)
    return new CaptionlessVideoException({ message: error.message, transcribeAudio: true });
  const instead = audioSourceConfigured
    ? 'With Pro, Lectern can transcribe its audio instead.'
    : pro
      ? 'If you have its recording, upload it and Lectern transcribes the audio.'
      : 'With Pro, you can upload its recording and Lectern transcribes the audio.';
  return new CaptionlessVideoException({ message: `${error.message} ${instead}`, transcribeAudio: false });
}
