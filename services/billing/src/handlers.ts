import { QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/contracts/runtime';

export function createBillingHandlers(): JobHandlers<typeof QueueName.Billing> {
  return {
    ping: () => Promise.resolve({ service: QueueName.Billing, pid: process.pid, receivedAt: Date.now() }),
  };
}
