import { QueueName } from '@lectern/contracts';
import {
  createRedis,
  type Logger,
  quitRedis,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { recordYouTubeBlock } from '@lectern/handovers';
import { type TranscriptsEnv, TranscriptsEnvSchema } from './env';
import { createTranscriptsHandlers } from './handlers';
import { TranscriptsStore } from './transcripts-store';
import { createYouTubeClient, youTubeClientOptionsFromEnv } from './youtube';

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
