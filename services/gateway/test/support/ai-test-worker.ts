import { QueueName } from '@lectern/contracts';
import { startQueueWorker, type Logger, type RunningQueueWorker } from '@lectern/queue-runtime';
import { AiEngineEnvSchema, createEngine } from '../../../ai/src/engines';
import { createAiHandlers } from '../../../ai/src/handlers';
import { PgTranscriptSource } from '../../../ai/src/transcript-source';

export interface AiTestWorkerOptions {
  /** An OpenAI-compatible server (the fake) for the ai worker; without a key it uses the offline engine. */
  openAiBaseUrl?: string;
  openAiApiKey?: string;
  openAiModel?: string;
  /** AI_TOKEN_BUDGET and AI_TIMEOUT_MS of the ai worker. */
  aiTokenBudget?: number;
  aiTimeoutMs?: number;
}

interface CommonWorkerOptions {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  logger: Logger;
}

/** The ai worker with its real dependencies: the engine its configuration selects and the transcript cache. */
export async function startAiTestWorker(
  databaseUrl: string,
  common: CommonWorkerOptions,
  options: AiTestWorkerOptions = {},
): Promise<RunningQueueWorker> {
  const engine = createEngine(
    AiEngineEnvSchema.parse({
      OPENAI_API_KEY: options.openAiApiKey,
      OPENAI_BASE_URL: options.openAiBaseUrl,
      OPENAI_MODEL: options.openAiModel,
      AI_TOKEN_BUDGET: options.aiTokenBudget,
      AI_TIMEOUT_MS: options.aiTimeoutMs,
    }),
  );
  const transcripts = new PgTranscriptSource(databaseUrl);
  const worker = await startQueueWorker({
    ...common,
    queue: QueueName.Ai,
    handlers: createAiHandlers({ engine, transcripts }),
  });
  return {
    scheduler: worker.scheduler,
    close: async () => {
      await worker.close();
      await transcripts.close();
    },
  };
}
