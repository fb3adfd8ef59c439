import { QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/contracts/runtime';

export function createAiHandlers(): JobHandlers<typeof QueueName.Ai> {
  return {
    ping: () => Promise.resolve({ service: QueueName.Ai, pid: process.pid, receivedAt: Date.now() }),
  };
}
