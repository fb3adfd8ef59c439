import { UnprocessableEntityException } from '@nestjs/common';
import { hasProAccess, isNoCaptionsMessage, type User } from '@lectern/contracts';
import { JobRequestError } from '@lectern/queue-runtime';

/**
 * What a user is told when the video they analyse has no captions: that an upload of its recording is
 * transcribed instead (a Pro feature). Answers null for any other failure.
 */
export function captionlessRefusalOf(
  error: unknown,
  user: Pick<User, 'plan' | 'role'>,
): UnprocessableEntityException | null {
  if (!(error instanceof JobRequestError) || error.status !== 422 || !isNoCaptionsMessage(error.message))
    return null;
  const instead = hasProAccess(user)
    ? 'If you have its recording, upload it and Lectern transcribes the audio.'
    : 'With Pro, you can upload its recording and Lectern transcribes the audio.';
  return new UnprocessableEntityException(`${error.message} ${instead}`);
}
