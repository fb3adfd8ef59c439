import type { CaptionTrackChoice } from '@lectern/contracts';
import { PermanentJobError, TransientJobError } from '@lectern/contracts/runtime';
import { describeTrack } from './track-choice';

// What users read when a video cannot be fetched; statuses follow CONTRACT.md's API conventions.
export const YouTubeFailures = {
  noCaptions: () =>
    new PermanentJobError(422, 'This video has no captions, so Lectern cannot make a transcript of it.'),
  emptyCaptions: () =>
    new PermanentJobError(
      422,
      'This video has no captions with any text, so Lectern cannot make a transcript of it.',
    ),
  unavailable: () =>
    new PermanentJobError(
      422,
      'This video is unavailable on YouTube; it may have been removed or restricted.',
    ),
  private: () => new PermanentJobError(422, 'This video is private, so Lectern cannot read its captions.'),
  trackNotListed: (track: CaptionTrackChoice | undefined) =>
    new PermanentJobError(
      422,
      track
        ? `This video has no ${describeTrack(track)} on YouTube; choose one of the caption tracks it lists.`
        : 'This video has no caption track Lectern can read.',
    ),
  invalidId: () => new PermanentJobError(400, 'That is not a valid YouTube video id.'),
  rateLimited: () =>
    new TransientJobError(429, 'YouTube is temporarily limiting requests; try again in a few minutes.'),
  timeout: () => new TransientJobError(504, 'YouTube took too long to answer; try again in a few minutes.'),
  network: () => new TransientJobError(502, 'Lectern could not reach YouTube; try again in a few minutes.'),
  upstream: () => new TransientJobError(502, 'YouTube failed to answer; try again in a few minutes.'),
  unexpected: () =>
    new TransientJobError(502, 'YouTube sent an answer Lectern could not read; try again in a few minutes.'),
};
