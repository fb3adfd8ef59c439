import { QueueName } from '@lectern/contracts';
import { createRedis, quitRedis, recordYouTubeBlock, runWorkerProcess } from '@lectern/queue-runtime';
import { TranscriptsEnvSchema } from './env';
import { createTranscriptsHandlers } from './handlers';
import { TranscriptStore } from './transcript-store';
import { createYouTubeClient, youTubeClientOptionsFromEnv } from './youtube';

void runWorkerProcess({
  queue: QueueName.Transcripts,
  envSchema: TranscriptsEnvSchema,
  concurrency: (env) => env.TRANSCRIPTS_CONCURRENCY,
  setup: (env, logger) => {
    // Blocks per proxy go to Redis, where the gateway's /metrics reads them.
    const metrics = createRedis(env.REDIS_URL);
    const youtube = createYouTubeClient({
      ...youTubeClientOptionsFromEnv(env),
      logger,
      onBlocked: (proxy) => void recordYouTubeBlock(metrics, env.REDIS_PREFIX, proxy),
    });
    const store = new TranscriptStore(env.DATABASE_URL);
    return Promise.resolve({
      handlers: createTranscriptsHandlers({ youtube, store }),
      close: async () => {
        await youtube.close();
        await store.close();
        await quitRedis(metrics, 5_000);
      },
    });
  },
});
