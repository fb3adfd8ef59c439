export { TranscriptIndexCache } from './ask/transcript-index-cache';
export { AiEngineEnvSchema, AiEngineEnvShape, type AiEngineEnv } from './engine-config';
export { EngineSelector, type EngineStatus } from './engine-selector';
export { OpenAiEngine, type OpenAiEngineOptions } from './openai-engine';
