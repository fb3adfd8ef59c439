import { QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/contracts/runtime';

export function createTranscriptsHandlers(): JobHandlers<typeof QueueName.Transcripts> {
  return {
    ping: () => Promise.resolve({ service: QueueName.Transcripts, pid: process.pid, receivedAt: Date.now() }),
  };
}
