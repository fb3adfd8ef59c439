import { OfflineEngine } from '@lectern/offline-engine';
import type { AiEngine } from './engine';
import { DEFAULT_OPENAI_MODEL, type AiEngineEnv } from './engine-config';
import { EngineSelector, type EngineSelectorOptions } from './engine-selector';
import { LOCAL_SERVER_API_KEY, LOCAL_SERVER_CANDIDATES } from './local-server';
import { OpenAiEngine } from './openai-engine';

/** The OpenAI-compatible engine when an API key is configured, else the built-in offline engine. */
export function createEngine(env: AiEngineEnv): AiEngine {
  const apiKey = env.OPENAI_API_KEY?.trim() ?? '';
  if (apiKey === '') return new OfflineEngine();
  return openAiEngine(env, apiKey, env.OPENAI_BASE_URL, env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL);
}

/**
 * What picks each job's engine: the configured one with an API key; without, a model server on this machine
 * (Ollama, LM Studio, a llama.cpp server, or OPENAI_BASE_URL alone when set) unless AI_LOCAL_MODEL is `off`,
 * else the offline engine.
 */
export function createEngineSelector(
  env: AiEngineEnv,
  logger: EngineSelectorOptions['logger'],
  tuning: Partial<
    Pick<EngineSelectorOptions, 'candidates' | 'probeTimeoutMs' | 'recheckMs' | 'onChange'>
  > = {},
): EngineSelector {
  const configured = createEngine(env);
  return new EngineSelector({
    configured:
      configured.name === 'offline' ? undefined : { engine: configured, baseURL: env.OPENAI_BASE_URL },
    offline: configured.name === 'offline' ? configured : new OfflineEngine(),
    candidates: localServerCandidates(env),
    wantedModel: env.OPENAI_MODEL,
    makeEngine: ({ baseURL, model }) => openAiEngine(env, LOCAL_SERVER_API_KEY, baseURL, model),
    logger,
    ...tuning,
  });
}

function localServerCandidates(env: AiEngineEnv): readonly string[] {
  if (env.AI_LOCAL_MODEL === 'off') return [];
  return env.OPENAI_BASE_URL ? [env.OPENAI_BASE_URL] : LOCAL_SERVER_CANDIDATES;
}

function openAiEngine(
  env: AiEngineEnv,
  apiKey: string,
  baseURL: string | undefined,
  model: string,
): AiEngine {
  return new OpenAiEngine({
    apiKey,
    baseURL,
    model,
    tokenBudget: env.AI_TOKEN_BUDGET,
    timeoutMs: env.AI_TIMEOUT_MS,
  });
}
