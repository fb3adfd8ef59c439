import type { QueueName } from '@lectern/contracts';
import {
  JobDeltaStreams,
  createRedis,
  quitRedis,
  type Logger,
  type WorkerRuntime,
} from '@lectern/queue-runtime';
import { recordDroppedCitations } from '@lectern/handovers';
import { TranscriptIndexCache } from './engines/ask/transcript-index-cache';
import { createEngine } from './engines/create-engine';
import type { AiEnv } from './env';
import { createAiHandlers } from './handlers';
import { AiStore } from './ai-store';

/**
 * The ai worker's resources: the engine its configuration selects, the transcript cache it reads, and the Redis
 * connection its jobs' streamed text and dropped-citation counts go through.
 */
export function createAiRuntime(env: AiEnv, logger: Logger): Promise<WorkerRuntime<typeof QueueName.Ai>> {
  const engine = createEngine(env);
  const transcripts = new AiStore({ databaseUrl: env.DATABASE_URL, maxConnections: env.AI_CONCURRENCY + 1 });
  // A piece of streamed text is worth little once late: fail a write during an outage instead of queueing it.
  const redis = createRedis(env, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  // Job failures tell users only "the AI provider": the operator's log says which server it is.
  const server =
    engine.name === 'openai'
      ? { host: env.OPENAI_BASE_URL ? new URL(env.OPENAI_BASE_URL).host : 'api.openai.com' }
      : {};
  logger.info({ engine: engine.name, model: engine.model, ...server }, 'ai engine selected');
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
      await transcripts.close();
      await quitRedis(redis);
    },
  });
}
