import { QueueName } from '@lectern/contracts';
import { startQueueWorker, type QueueWorkerOptions, type RunningQueueWorker } from '@lectern/queue-runtime';
import { ExportFiles } from '../../../export/src/export-files';
import { ExportStore } from '../../../export/src/export-store';
import { createExportHandlers } from '../../../export/src/handlers';
import type { GatewayEnv } from '../../src/config/gateway-env';

/** The export worker's real handlers, reading the gateway's database and writing to its EXPORT_DIR. */
export async function startExportTestWorker(
  env: GatewayEnv,
  common: Omit<QueueWorkerOptions<typeof QueueName.Export>, 'queue' | 'handlers'>,
): Promise<RunningQueueWorker> {
  const files = new ExportFiles(env.EXPORT_DIR);
  await files.prepare();
  const store = new ExportStore(env.DATABASE_URL);
  const worker = await startQueueWorker({
    ...common,
    queue: QueueName.Export,
    handlers: createExportHandlers({ store, files }),
  });
  return {
    scheduler: worker.scheduler,
    close: async () => {
      await worker.close();
      await store.close();
    },
  };
}
