import type { QueueName } from '@lectern/contracts';
import type { Logger, WorkerRuntime } from '@lectern/queue-runtime';
import { TranscriptIndexCache } from './engines/ask/transcript-index-cache';
import { createEngine } from './engines/create-engine';
import type { AiEnv } from './env';
import { createAiHandlers } from './handlers';
import { AiStore } from './ai-store';

/** The ai worker's resources: the engine its configuration selects, and the transcript cache it reads. */
export function createAiRuntime(env: AiEnv, logger: Logger): Promise<WorkerRuntime<typeof QueueName.Ai>> {
  const engine = createEngine(env);
  const transcripts = new AiStore({ databaseUrl: env.DATABASE_URL, maxConnections: env.AI_CONCURRENCY + 1 });
  logger.info({ engine: engine.name, model: engine.model }, 'ai engine selected');
  return Promise.resolve({
    handlers: createAiHandlers({ engine, transcripts, indexes: new TranscriptIndexCache() }),
    close: () => transcripts.close(),
  });
}
