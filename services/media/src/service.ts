import { QueueName } from '@lectern/contracts';
import type { WorkerService } from '@lectern/queue-runtime';
import { MediaEnvSchema } from './env';
import { createMediaRuntime } from './runtime';

/** The media worker service: run as a process of its own (main.ts) or beside the others in one process. */
export const mediaWorker: WorkerService<typeof QueueName.Media, typeof MediaEnvSchema> = {
  queue: QueueName.Media,
  envSchema: MediaEnvSchema,
  concurrency: (env) => env.MEDIA_CONCURRENCY,
  setup: createMediaRuntime,
};
