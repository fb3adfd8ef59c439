import { QueueName } from '@lectern/contracts';
import { createLogger, startQueueWorker, type RunningQueueWorker } from '@lectern/contracts/runtime';
import { createAiHandlers } from '../../../ai/src/handlers';
import { createBillingHandlers } from '../../../billing/src/handlers';
import { createExportHandlers } from '../../../export/src/handlers';
import { createTranscriptsHandlers } from '../../../transcripts/src/handlers';
import type { GatewayEnv } from '../../src/config/gateway-env';

const logger = createLogger('test-worker', 'silent');

/** Runs every worker service's real handlers in this process, on the gateway's Redis prefix. */
export async function startTestWorkers(env: GatewayEnv, concurrency = 2): Promise<RunningQueueWorker[]> {
  const common = { redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX, concurrency, logger };
  return Promise.all([
    startQueueWorker({ ...common, queue: QueueName.Transcripts, handlers: createTranscriptsHandlers() }),
    startQueueWorker({ ...common, queue: QueueName.Ai, handlers: createAiHandlers() }),
    startQueueWorker({ ...common, queue: QueueName.Export, handlers: createExportHandlers() }),
    startQueueWorker({ ...common, queue: QueueName.Billing, handlers: createBillingHandlers() }),
  ]);
}

export async function stopTestWorkers(workers: RunningQueueWorker[]): Promise<void> {
  await Promise.all(workers.map((w) => w.close()));
}

export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await probe();
  }
  return last;
}
