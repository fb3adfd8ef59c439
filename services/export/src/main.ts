import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { ExportEnvSchema } from './env';
import { ExportFiles } from './export-files';
import { ExportStore } from './export-store';
import { createExportHandlers } from './handlers';

void runWorkerProcess({
  queue: QueueName.Export,
  envSchema: ExportEnvSchema,
  concurrency: (env) => env.EXPORT_CONCURRENCY,
  setup: async (env, logger) => {
    const files = new ExportFiles(env.EXPORT_DIR);
    await files.prepare();
    const stopSweeping = files.startSweeping((error) =>
      logger.warn({ err: error }, 'could not remove old export files'),
    );
    const store = new ExportStore(env.DATABASE_URL);
    return {
      handlers: createExportHandlers({ store, files }),
      close: async () => {
        stopSweeping();
        await store.close();
      },
    };
  },
});
