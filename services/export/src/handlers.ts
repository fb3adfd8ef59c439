import { QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/contracts/runtime';

export function createExportHandlers(): JobHandlers<typeof QueueName.Export> {
  return {
    ping: () => Promise.resolve({ service: QueueName.Export, pid: process.pid, receivedAt: Date.now() }),
  };
}
