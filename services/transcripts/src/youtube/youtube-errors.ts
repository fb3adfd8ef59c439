import { NO_CAPTION_TEXT_MESSAGE, NO_CAPTIONS_MESSAGE, type CaptionTrackChoice } from '@lectern/contracts';
import { PermanentJobError, TransientJobError } from '@lectern/queue-runtime';
import type { Playability } from './playability';

const describeTrack = (track: CaptionTrackChoice): string =>
  `${track.kind === 'auto' ? 'auto-generated' : 'manual'} captions in "${track.languageCode}"`;

const restricted = (sentence: string) => new PermanentJobError(422, sentence);

// What users read when a video cannot be fetched; statuses follow the API conventions in docs/api.md.
export const YouTubeFailures = {
  noCaptions: () => new PermanentJobError(422, NO_CAPTIONS_MESSAGE),
  emptyCaptions: () => new PermanentJobError(422, NO_CAPTION_TEXT_MESSAGE),
  unavailable: () =>
    new PermanentJobError(
      422,
      'This video is unavailable on YouTube; it may have been removed or restricted.',
    ),
  private: () => restricted('This video is private on YouTube, so Lectern cannot read its captions.'),
  ageRestricted: () =>
    restricted('This video is age-restricted on YouTube, so Lectern cannot read its captions.'),
  membersOnly: () =>
    restricted(
      "This video is only for the channel's members on YouTube, so Lectern cannot read its captions.",
    ),
  notInCountry: () =>
    restricted(
      'This video is not available in the country Lectern runs in, so Lectern cannot read its captions.',
    ),
  removed: () => restricted('This video has been removed from YouTube, so Lectern cannot read its captions.'),
  /** An unknown id while the worker talks to the demo's sample server instead of YouTube. */
  notADemoVideo: () =>
    new PermanentJobError(
      422,
      "This is Lectern's demo, which runs without YouTube: only its sample videos can be analysed. Try one of the sample videos.",
    ),
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
  /** YouTube's "confirm you're not a bot": it refuses this server's address, whatever the video. */
  botCheck: () =>
    new TransientJobError(429, 'YouTube is limiting requests from this server; try again later.'),
  consentRefused: () =>
    new TransientJobError(
      502,
      'YouTube kept asking for cookie consent instead of serving the video; try again in a few minutes.',
    ),
  /** The captions are there, but YouTube withheld them (it wants a proof-of-origin token). */
  captionsWithheld: () =>
    new TransientJobError(502, 'YouTube did not serve the captions of this video; try again later.'),
  timeout: () => new TransientJobError(504, 'YouTube took too long to answer; try again in a few minutes.'),
  network: () => new TransientJobError(502, 'Lectern could not reach YouTube; try again in a few minutes.'),
  upstream: () => new TransientJobError(502, 'YouTube failed to answer; try again in a few minutes.'),
  unexpected: () =>
    new TransientJobError(502, 'YouTube sent an answer Lectern could not read; try again in a few minutes.'),
};

/** The user's sentence for a video YouTube will not play; null when it plays. */
export function playabilityFailure(playability: Playability): PermanentJobError | TransientJobError | null {
  switch (playability) {
    case 'ok':
      return null;
    case 'bot-check':
      return YouTubeFailures.botCheck();
    case 'age-restricted':
      return YouTubeFailures.ageRestricted();
    case 'private':
      return YouTubeFailures.private();
    case 'members-only':
      return YouTubeFailures.membersOnly();
    case 'country':
      return YouTubeFailures.notInCountry();
    case 'removed':
      return YouTubeFailures.removed();
    case 'unavailable':
      return YouTubeFailures.unavailable();
  }
}
