import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/contracts/runtime';
import { TranscriptsEnvSchema } from './env';
import { createTranscriptsHandlers } from './handlers';

void runWorkerProcess({
  queue: QueueName.Transcripts,
  envSchema: TranscriptsEnvSchema,
  concurrency: (env) => env.TRANSCRIPTS_CONCURRENCY,
  setup: () => Promise.resolve({ handlers: createTranscriptsHandlers() }),
});
