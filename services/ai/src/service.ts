import { QueueName } from '@lectern/contracts';
import type { WorkerService } from '@lectern/queue-runtime';
import { AiEnvSchema } from './env';
import { createAiRuntime } from './runtime';

/** The ai worker service: run as a process of its own (main.ts) or beside the others in one process. */
export const aiWorker: WorkerService<typeof QueueName.Ai, typeof AiEnvSchema> = {
  queue: QueueName.Ai,
  envSchema: AiEnvSchema,
  concurrency: (env) => env.AI_CONCURRENCY,
  setup: createAiRuntime,
};
