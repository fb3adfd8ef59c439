import { QueueName } from '@lectern/contracts';
import { createLogger, startQueueWorker, type RunningQueueWorker } from '@lectern/contracts/runtime';
import { createAiHandlers } from '../../../ai/src/handlers';
import { createBillingHandlers } from '../../../billing/src/handlers';
import { createExportHandlers } from '../../../export/src/handlers';
import { createTranscriptsHandlers } from '../../../transcripts/src/handlers';
import { TranscriptStore } from '../../../transcripts/src/transcript-store';
import { createYouTubeClient } from '../../../transcripts/src/youtube';
import type { GatewayEnv } from '../../src/config/gateway-env';

const logger = createLogger('test-worker', 'silent');

export interface TestWorkerOptions {
  concurrency?: number;
  /** Where the transcripts worker finds YouTube: a fake YouTube's URL. */
  youtubeOrigin?: string;
  youtubeTimeoutMs?: number;
}

/** Runs every worker service's real handlers in this process, on the gateway's Redis prefix and database. */
export async function startTestWorkers(
  env: GatewayEnv,
  options: TestWorkerOptions = {},
): Promise<RunningQueueWorker[]> {
  const common = {
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    concurrency: options.concurrency ?? 2,
    logger,
  };
  const youtube = createYouTubeClient({
    origin: options.youtubeOrigin ?? 'http://127.0.0.1:9',
    timeoutMs: options.youtubeTimeoutMs ?? 5000,
  });
  const store = new TranscriptStore(env.DATABASE_URL);
  const transcripts = await startQueueWorker({
    ...common,
    queue: QueueName.Transcripts,
    handlers: createTranscriptsHandlers({ youtube, store }),
  });
  return Promise.all([
    {
      scheduler: transcripts.scheduler,
      close: async () => {
        await transcripts.close();
        await youtube.close();
        await store.close();
      },
    },
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
