export type { AiEngine, GenerationRequest, GenerationResult } from './engine';
export { AiEngineEnvSchema, AiEngineEnvShape, type AiEngineEnv } from './engine-config';
export { createEngine } from './create-engine';
export { OpenAiEngine, type OpenAiEngineOptions } from './openai-engine';
export { OfflineEngine, OFFLINE_MODEL } from './offline/offline-engine';
