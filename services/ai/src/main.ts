import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/contracts/runtime';
import { AiEnvSchema } from './env';
import { createAiHandlers } from './handlers';

void runWorkerProcess({
  queue: QueueName.Ai,
  envSchema: AiEnvSchema,
  concurrency: (env) => env.AI_CONCURRENCY,
  setup: () => Promise.resolve({ handlers: createAiHandlers() }),
});
