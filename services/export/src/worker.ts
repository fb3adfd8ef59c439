import { QueueName } from '@lectern/contracts';
import {
  type Logger,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { type ExportEnv, ExportEnvSchema } from './env';
import { ExportFiles } from './export-files';
import { ExportStore } from './export-store';
import { createExportHandlers } from './handlers';

/** The export worker's resources: the database it renders from and hands files over in, or the bucket of EXPORT_S3_URL (old files swept away). */
export function createExportRuntime(
  env: ExportEnv,
  logger: Logger,
): Promise<WorkerRuntime<typeof QueueName.Export>> {
  const files = new ExportFiles({ databaseUrl: env.DATABASE_URL, maxConnections: 4, s3: env.EXPORT_S3_URL });
  const stopSweeping = files.startSweeping((error) =>
    logger.warn({ err: error }, 'could not remove old export files'),
  );
  const store = new ExportStore({ databaseUrl: env.DATABASE_URL, maxConnections: 4 });
  return Promise.resolve({
    handlers: createExportHandlers({ store, files }),
    close: async () => {
      stopSweeping();
      await Promise.all([store.close(), files.close()]);
    },
  });
}

/** The export worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const exportWorker: WorkerService<typeof QueueName.Export, typeof ExportEnvSchema> = {
  queue: QueueName.Export,
  envSchema: ExportEnvSchema,
  concurrency: (env) => env.EXPORT_CONCURRENCY,
  setup: createExportRuntime,
};

if (require.main === module) void runWorkerProcess(exportWorker);
