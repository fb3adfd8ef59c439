import { QueueName } from '@lectern/contracts';
import type { WorkerService } from '@lectern/queue-runtime';
import { TranscriptsEnvSchema } from './env';
import { createTranscriptsRuntime } from './runtime';

/** The transcripts worker service: run as a process of its own (main.ts) or beside the others in one process. */
export const transcriptsWorker: WorkerService<typeof QueueName.Transcripts, typeof TranscriptsEnvSchema> = {
  queue: QueueName.Transcripts,
  envSchema: TranscriptsEnvSchema,
  concurrency: (env) => env.TRANSCRIPTS_CONCURRENCY,
  setup: createTranscriptsRuntime,
};
