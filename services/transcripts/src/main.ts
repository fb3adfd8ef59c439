import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { TranscriptsEnvSchema } from './env';
import { createTranscriptsRuntime } from './runtime';

void runWorkerProcess({
  queue: QueueName.Transcripts,
  envSchema: TranscriptsEnvSchema,
  concurrency: (env) => env.TRANSCRIPTS_CONCURRENCY,
  setup: createTranscriptsRuntime,
});
