import {
  defaultCaptionTrack,
  findTrack,
  storedDefaultTrack,
  type CaptionTrackChoice,
  QueueName,
} from '@lectern/contracts';
import {
  type JobHandlers,
  createRedis,
  type Logger,
  quitRedis,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { type CachedVideo, TranscriptsStore } from './transcripts-store';
import {
  YouTubeFailures,
  type YouTubeClient,
  createYouTubeClient,
  youTubeClientOptionsFromEnv,
} from './youtube';
import { recordYouTubeBlock } from '@lectern/handovers';
import { type TranscriptsEnv, TranscriptsEnvSchema } from './env';

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

/** The transcripts worker's resources: the YouTube client, the transcript cache, and block counts in Redis. */
export function createTranscriptsRuntime(
  env: TranscriptsEnv,
  logger: Logger,
): Promise<WorkerRuntime<typeof QueueName.Transcripts>> {
  // Blocks per proxy go to Redis, where the gateway's /metrics reads them.
  const metrics = createRedis(env);
  const youtube = createYouTubeClient({
    ...youTubeClientOptionsFromEnv(env),
    logger,
    onBlocked: (proxy) => void recordYouTubeBlock(metrics, env.REDIS_PREFIX, proxy),
  });
  const store = new TranscriptsStore({ databaseUrl: env.DATABASE_URL, maxConnections: 4 });
  return Promise.resolve({
    handlers: createTranscriptsHandlers({ youtube, store }),
    close: async () => {
      await youtube.close();
      await store.close();
      await quitRedis(metrics, 5_000);
    },
  });
}

/** The transcripts worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const transcriptsWorker: WorkerService<typeof QueueName.Transcripts, typeof TranscriptsEnvSchema> = {
  queue: QueueName.Transcripts,
  envSchema: TranscriptsEnvSchema,
  concurrency: (env) => env.TRANSCRIPTS_CONCURRENCY,
  setup: createTranscriptsRuntime,
};

if (require.main === module) void runWorkerProcess(transcriptsWorker);
