import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/contracts/runtime';
import { ExportEnvSchema } from './env';
import { createExportHandlers } from './handlers';

void runWorkerProcess({
  queue: QueueName.Export,
  envSchema: ExportEnvSchema,
  concurrency: (env) => env.EXPORT_CONCURRENCY,
  setup: () => Promise.resolve({ handlers: createExportHandlers() }),
});
