import {
  defaultCaptionTrack,
  findTrack,
  storedDefaultTrack,
  type CaptionTrackChoice,
  type QueueName,
} from '@lectern/contracts';
import type { JobHandlers } from '@lectern/queue-runtime';
import type { CachedVideo, TranscriptsStore } from './transcripts-store';
import { YouTubeFailures, type YouTubeClient } from './youtube';

export interface TranscriptsDependencies {
  youtube: YouTubeClient;
  store: TranscriptsStore;
}

/**
 * The track a request wants, as far as the cache can tell: the chosen one, else the default choice over the
 * track list stored with the video. Null when the cache knows no list, so YouTube's answer decides.
 */
function wantedTrack(
  cached: CachedVideo,
  track: CaptionTrackChoice | undefined,
  preferredLanguages: readonly string[] | undefined,
): CaptionTrackChoice | null {
  if (track) return track;
  return defaultCaptionTrack(cached.listed, preferredLanguages ?? []);
}

export function createTranscriptsHandlers(
  deps: TranscriptsDependencies,
): JobHandlers<typeof QueueName.Transcripts> {
  return {
    'fetch-transcript': async ({ youtubeId, track, preferredLanguages }, { signal }) => {
      // Another request may have fetched it while this job waited: YouTube is asked once per caption track.
      const cached = await deps.store.findVideo(youtubeId);
      const wanted = wantedTrack(cached, track, preferredLanguages);
      // A chosen track is that track only; a default one may have been served by another of its language.
      const hit = !wanted
        ? cached.tracks[0]
        : track
          ? findTrack(cached.tracks, wanted)
          : storedDefaultTrack(cached.tracks, wanted);
      if (hit) return { transcriptId: hit.id, fetched: false };
      if (track && cached.listed.length > 0 && !findTrack(cached.listed, track)) {
        throw YouTubeFailures.trackNotListed(track);
      }

      // Without a chosen track YouTube's own list decides (the same choice, unless the list has changed).
      const transcript = await deps.youtube.fetchTranscript(youtubeId, { track, preferredLanguages, signal });
      return { transcriptId: await deps.store.save(transcript), fetched: true };
    },
  };
}
