import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/queue-runtime';
import { createEngine } from './engines/create-engine';
import { AiEnvSchema } from './env';
import { createAiHandlers } from './handlers';
import { PgTranscriptSource } from './transcript-source';

void runWorkerProcess({
  queue: QueueName.Ai,
  envSchema: AiEnvSchema,
  concurrency: (env) => env.AI_CONCURRENCY,
  setup: (env, logger) => {
    const engine = createEngine(env);
    const transcripts = new PgTranscriptSource(env.DATABASE_URL, env.AI_CONCURRENCY + 1);
    logger.info({ engine: engine.name, model: engine.model }, 'ai engine selected');
    return Promise.resolve({
      handlers: createAiHandlers({ engine, transcripts }),
      close: () => transcripts.close(),
    });
  },
});
