import { QueueName } from '@lectern/contracts';
import {
  createLogger,
  createRedis,
  quitRedis,
  recordYouTubeBlock,
  startQueueWorker,
  type RunningQueueWorker,
} from '@lectern/queue-runtime';
import { createBillingRuntime } from '../../../billing/src/billing-runtime';
import { createTranscriptsHandlers } from '../../../transcripts/src/handlers';
import { TranscriptStore } from '../../../transcripts/src/transcript-store';
import { createYouTubeClient } from '../../../transcripts/src/youtube';
import { DEFAULT_MAIL_FROM } from '../../../mail/src/env';
import { createMailRuntime } from '../../../mail/src/mail-runtime';
import type { GatewayEnv } from '../../src/config/gateway-env';
import { startAiTestWorker, type AiTestWorkerOptions } from './ai-test-worker';
import { startExportTestWorker } from './export-test-worker';

const logger = createLogger('test-worker', 'silent');

export interface TestWorkerOptions extends AiTestWorkerOptions {
  concurrency?: number;
  /** Where the transcripts worker finds YouTube: a fake YouTube's URL. */
  youtubeOrigin?: string;
  youtubeTimeoutMs?: number;
  /** Where the billing worker finds Stripe: a fake Stripe's URL. */
  stripeApiUrl?: string;
  /** STRIPE_RECONCILE_AFTER_MS of the billing worker. */
  stripeReconcileAfterMs?: number;
  /** SMTP_URL of the mail worker (a test SMTP server's); without it mails are only logged. */
  smtpUrl?: string;
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
    // Well inside a suite's 60 s afterAll: a job that never ends is logged instead of hanging the suite.
    runningJobsGraceMs: 20_000,
  };
  // As the transcripts worker's main.ts wires it: blocks per proxy are counted in Redis for /metrics.
  const blockMetrics = createRedis(env.REDIS_URL);
  const youtube = createYouTubeClient({
    origin: options.youtubeOrigin ?? 'http://127.0.0.1:9',
    timeoutMs: options.youtubeTimeoutMs ?? 5000,
    onBlocked: (proxy) => void recordYouTubeBlock(blockMetrics, env.REDIS_PREFIX, proxy),
  });
  const store = new TranscriptStore(env.DATABASE_URL);
  const transcripts = await startQueueWorker({
    ...common,
    queue: QueueName.Transcripts,
    handlers: createTranscriptsHandlers({ youtube, store }),
  });
  const billing = createBillingRuntime(
    {
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      REDIS_PREFIX: env.REDIS_PREFIX,
      STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
      STRIPE_PRICE_ID: env.STRIPE_PRICE_ID,
      STRIPE_API_URL: options.stripeApiUrl,
      STRIPE_RECONCILE_AFTER_MS: options.stripeReconcileAfterMs,
    },
    logger,
  );
  await billing.start();
  const billingWorker = await startQueueWorker({
    ...common,
    queue: QueueName.Billing,
    handlers: billing.handlers,
  });
  const mail = createMailRuntime(
    {
      NODE_ENV: env.NODE_ENV,
      DEV_MAIL_PAGE: env.DEV_MAIL_PAGE,
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      REDIS_PREFIX: env.REDIS_PREFIX,
      APP_URL: env.APP_URL,
      SMTP_URL: options.smtpUrl,
      MAIL_FROM: DEFAULT_MAIL_FROM,
    },
    logger,
  );
  const mailWorker = await startQueueWorker({ ...common, queue: QueueName.Mail, handlers: mail.handlers });
  const others = await Promise.all([
    startAiTestWorker(env.DATABASE_URL, common, options),
    startExportTestWorker(env, common),
  ]);
  return [
    {
      scheduler: billingWorker.scheduler,
      close: async () => {
        await billingWorker.close();
        await billing.close();
      },
    },
    {
      scheduler: mailWorker.scheduler,
      close: async () => {
        await mailWorker.close();
        await mail.close();
      },
    },
    {
      scheduler: transcripts.scheduler,
      close: async () => {
        await transcripts.close();
        await youtube.close();
        await store.close();
        await quitRedis(blockMetrics, 2_000);
      },
    },
    ...others,
  ];
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
