import { OfflineEngine } from '@lectern/offline-engine';
import type { AiEngine } from './engine';
import type { AiEngineEnv } from './engine-config';
import { OpenAiEngine } from './openai-engine';

/** The OpenAI-compatible engine when an API key is configured, else the built-in offline engine. */
export function createEngine(env: AiEngineEnv): AiEngine {
  const apiKey = env.OPENAI_API_KEY?.trim() ?? '';
  if (apiKey === '') return new OfflineEngine();
  return new OpenAiEngine({
    apiKey,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    tokenBudget: env.AI_TOKEN_BUDGET,
    timeoutMs: env.AI_TIMEOUT_MS,
  });
}
