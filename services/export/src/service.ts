import { QueueName } from '@lectern/contracts';
import type { WorkerService } from '@lectern/queue-runtime';
import { ExportEnvSchema } from './env';
import { createExportRuntime } from './runtime';

/** The export worker service: run as a process of its own (main.ts) or beside the others in one process. */
export const exportWorker: WorkerService<typeof QueueName.Export, typeof ExportEnvSchema> = {
  queue: QueueName.Export,
  envSchema: ExportEnvSchema,
  concurrency: (env) => env.EXPORT_CONCURRENCY,
  setup: createExportRuntime,
};
