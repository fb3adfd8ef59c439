import { QueueName } from '@lectern/contracts';
import {
  createLogger,
  parseEnv,
  redisSettingsEnv,
  startQueueWorker,
  type BaseEnvSchema,
  type Logger,
  type RunningQueueWorker,
  type WorkerRuntime,
} from '@lectern/queue-runtime';
import type { z } from 'zod';
import { AiEnvSchema } from '../../../services/ai/src/env';
import { createAiRuntime } from '../../../services/ai/src/worker';
import { BillingEnvSchema } from '../../../services/billing/src/env';
import { createBillingRuntime } from '../../../services/billing/src/worker';
import { ExportEnvSchema } from '../../../services/export/src/env';
import { createExportRuntime } from '../../../services/export/src/worker';
import { MailEnvSchema } from '../../../services/mail/src/env';
import { createMailRuntime } from '../../../services/mail/src/worker';
import { MediaEnvSchema } from '../../../services/media/src/env';
import { createMediaRuntime } from '../../../services/media/src/worker';
import { TranscriptsEnvSchema } from '../../../services/transcripts/src/env';
import { createTranscriptsRuntime } from '../../../services/transcripts/src/worker';
import { type GatewayEnv } from '../../../services/gateway/test/support';

export { eventually } from '../../../services/gateway/test/support';

const logger = createLogger('test-worker', 'silent');

export interface AiTestWorkerOptions {
  /** An OpenAI-compatible server (the fake) for the ai worker; without a key it uses the offline engine. */
  openAiBaseUrl?: string;
  openAiApiKey?: string;
  openAiModel?: string;
  /**
   * AI_LOCAL_MODEL of the ai worker: `off` unless a test asks, so no model server on the machine running the tests
   * (nor another suite's fake on Ollama's port) writes in place of the offline engine.
   */
  aiLocalModel?: 'auto' | 'off';
  /** AI_TOKEN_BUDGET and AI_TIMEOUT_MS of the ai worker. */
  aiTokenBudget?: number;
  aiTimeoutMs?: number;
}

export interface TestWorkerOptions extends AiTestWorkerOptions {
  concurrency?: number;
  /** Where the transcripts worker finds YouTube: a fake YouTube's URL. */
  youtubeOrigin?: string;
  youtubeTimeoutMs?: number;
  /** YOUTUBE_FETCHES_PER_MINUTE; 6000 unless given. */
  youtubeFetchesPerMinute?: number;
  /** Where the billing worker finds Stripe: a fake Stripe's URL. */
  stripeApiUrl?: string;
  /** STRIPE_RECONCILE_AFTER_MS of the billing worker. */
  stripeReconcileAfterMs?: number;
  /** SMTP_URL of the mail worker (a test SMTP server's); without it mails are only logged. */
  smtpUrl?: string;
  /** Where the media worker finds its speech-to-text endpoint: a fake's URL. */
  transcribeBaseUrl?: string;
}

/** The environment the worker processes would get beside this gateway, with the test's fakes in it. */
export function testWorkerEnv(env: GatewayEnv, options: TestWorkerOptions = {}): NodeJS.ProcessEnv {
  const concurrency = String(options.concurrency ?? 2);
  return {
    NODE_ENV: env.NODE_ENV,
    LOG_LEVEL: 'silent',
    DATABASE_URL: env.DATABASE_URL,
    ...redisSettingsEnv(env),
    REDIS_PREFIX: env.REDIS_PREFIX,
    APP_URL: env.APP_URL,
    DEV_MAIL_PAGE: env.DEV_MAIL_PAGE ? '1' : '0',
    YOUTUBE_ORIGIN: options.youtubeOrigin ?? 'http://127.0.0.1:9',
    YOUTUBE_TIMEOUT_MS: String(options.youtubeTimeoutMs ?? 5000),
    // The fake YouTube never bans: fetches are not spaced unless a test asks (the pacing has its own tests).
    YOUTUBE_FETCHES_PER_MINUTE: String(options.youtubeFetchesPerMinute ?? 6000),
    OPENAI_API_KEY: options.openAiApiKey,
    OPENAI_BASE_URL: options.openAiBaseUrl,
    OPENAI_MODEL: options.openAiModel,
    AI_LOCAL_MODEL: options.aiLocalModel ?? 'off',
    AI_TOKEN_BUDGET: options.aiTokenBudget?.toString(),
    AI_TIMEOUT_MS: options.aiTimeoutMs?.toString(),
    AI_CONCURRENCY: concurrency,
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_PRICE_ID: env.STRIPE_PRICE_ID,
    STRIPE_API_URL: options.stripeApiUrl,
    STRIPE_RECONCILE_AFTER_MS: options.stripeReconcileAfterMs?.toString(),
    SMTP_URL: options.smtpUrl,
    TRANSCRIBE_BASE_URL: options.transcribeBaseUrl,
  };
}

interface TestWorker<Q extends QueueName, S extends typeof BaseEnvSchema> {
  queue: Q;
  envSchema: S;
  setup: (env: z.infer<S>, logger: Logger) => Promise<WorkerRuntime<Q>>;
}

async function startTestWorker<Q extends QueueName, S extends typeof BaseEnvSchema>(
  spec: TestWorker<Q, S>,
  processEnv: NodeJS.ProcessEnv,
  concurrency: number,
): Promise<RunningQueueWorker> {
  const env = parseEnv(spec.envSchema, processEnv);
  const runtime = await spec.setup(env, logger);
  const running = await startQueueWorker({
    queue: spec.queue,
    handlers: runtime.handlers,
    redisUrl: env,
    prefix: env.REDIS_PREFIX,
    concurrency,
    logger,
    // Well inside a suite's 60 s afterAll: a job that never ends is logged instead of hanging the suite.
    runningJobsGraceMs: 20_000,
  }).catch(async (error: unknown) => {
    await runtime.close();
    throw error;
  });
  return {
    scheduler: running.scheduler,
    close: async () => {
      await running.close();
      await runtime.close();
    },
  };
}

/** Runs every worker service's runtime in this process, on the gateway's Redis prefix and database. */
export async function startTestWorkers(
  env: GatewayEnv,
  options: TestWorkerOptions = {},
): Promise<RunningQueueWorker[]> {
  const processEnv = testWorkerEnv(env, options);
  const concurrency = options.concurrency ?? 2;
  // Each worker service's runtime, as its worker.ts runs it.
  const started = await Promise.allSettled([
    startTestWorker(
      { queue: QueueName.Transcripts, envSchema: TranscriptsEnvSchema, setup: createTranscriptsRuntime },
      processEnv,
      concurrency,
    ),
    startTestWorker(
      { queue: QueueName.Ai, envSchema: AiEnvSchema, setup: createAiRuntime },
      processEnv,
      concurrency,
    ),
    startTestWorker(
      { queue: QueueName.Export, envSchema: ExportEnvSchema, setup: createExportRuntime },
      processEnv,
      concurrency,
    ),
    startTestWorker(
      { queue: QueueName.Billing, envSchema: BillingEnvSchema, setup: createBillingRuntime },
      processEnv,
      concurrency,
    ),
    startTestWorker(
      { queue: QueueName.Mail, envSchema: MailEnvSchema, setup: createMailRuntime },
      processEnv,
      concurrency,
    ),
    startTestWorker(
      { queue: QueueName.Media, envSchema: MediaEnvSchema, setup: createMediaRuntime },
      processEnv,
      concurrency,
    ),
  ]);
  const workers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // The ones that did start are closed, so a failed start does not leave connections keeping Jest alive.
    await stopTestWorkers(workers);
    throw failed.reason;
  }
  return workers;
}

export async function stopTestWorkers(workers: RunningQueueWorker[]): Promise<void> {
  await Promise.all(workers.map((w) => w.close()));
}
