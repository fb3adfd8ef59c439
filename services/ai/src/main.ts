import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { AiEnvSchema } from './env';
import { createAiRuntime } from './runtime';

void runWorkerProcess({
  queue: QueueName.Ai,
  envSchema: AiEnvSchema,
  concurrency: (env) => env.AI_CONCURRENCY,
  setup: createAiRuntime,
});
