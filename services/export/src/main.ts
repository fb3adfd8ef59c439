import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { ExportEnvSchema } from './env';
import { createExportRuntime } from './runtime';

void runWorkerProcess({
  queue: QueueName.Export,
  envSchema: ExportEnvSchema,
  concurrency: (env) => env.EXPORT_CONCURRENCY,
  setup: createExportRuntime,
});
