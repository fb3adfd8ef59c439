import { QueueName } from '@lectern/contracts';
import {
  createRedis,
  JobDeltaStreams,
  type Logger,
  quitRedis,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { hostname } from 'node:os';
import { forgetAiEngineStatus, recordAiEngineStatus, recordDroppedCitations } from '@lectern/handovers';
import { TranscriptIndexCache } from './engines/ask/transcript-index-cache';
import { createEngineSelector } from './engines/create-engine';
import type { EngineSelectorOptions, EngineStatus } from './engines/engine-selector';
import { type AiEnv, AiEnvSchema } from './env';
import { createAiHandlers } from './handlers';
import { AiStore } from './ai-store';

// The admin view of readiness shows what each worker writes with; refreshed well within its expiry.
const STATUS_REFRESH_MS = 20_000;

/**
 * The ai worker's resources: what picks each job's engine, the transcript cache it reads, and the Redis
 * connection its jobs' streamed text, dropped-citation counts and engine status go through.
 */
export function createAiRuntime(
  env: AiEnv,
  logger: Logger,
  tuning: Partial<Pick<EngineSelectorOptions, 'candidates' | 'probeTimeoutMs' | 'recheckMs'>> = {},
): Promise<WorkerRuntime<typeof QueueName.Ai>> {
  const transcripts = new AiStore({ databaseUrl: env.DATABASE_URL, maxConnections: env.AI_CONCURRENCY + 1 });
  // A piece of streamed text is worth little once late: fail a write during an outage instead of queueing it.
  const redis = createRedis(env, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const instance = `${hostname()}:${process.pid}`;
  let since = new Date().toISOString();
  const record = (status: EngineStatus) =>
    recordAiEngineStatus(redis, env.REDIS_PREFIX, { ...status, instance, since });
  // Job failures tell users only "the AI provider": the operator's log says which server it is.
  const engine = createEngineSelector(env, logger, {
    ...tuning,
    onChange: (status) => {
      since = new Date().toISOString();
      void record(status);
    },
  });
  engine.start();
  const refresh = setInterval(() => void record(engine.status()), STATUS_REFRESH_MS);
  refresh.unref();
  return Promise.resolve({
    handlers: createAiHandlers({
      engine,
      transcripts,
      indexes: new TranscriptIndexCache(),
      deltas: new JobDeltaStreams(redis, env.REDIS_PREFIX),
      // Counted in Redis, where the gateway's /metrics reads them.
      citationsDropped: (feature, count) => recordDroppedCitations(redis, env.REDIS_PREFIX, feature, count),
    }),
    close: async () => {
      engine.stop();
      clearInterval(refresh);
      await forgetAiEngineStatus(redis, env.REDIS_PREFIX, instance);
      await transcripts.close();
      await quitRedis(redis);
    },
  });
}

/** The ai worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const aiWorker: WorkerService<typeof QueueName.Ai, typeof AiEnvSchema> = {
  queue: QueueName.Ai,
  envSchema: AiEnvSchema,
  concurrency: (env) => env.AI_CONCURRENCY,
  setup: createAiRuntime,
};

if (require.main === module) void runWorkerProcess(aiWorker);
