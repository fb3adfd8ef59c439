export type { AiEngine, AnswerRequest, AnswerResult, GenerationRequest, GenerationResult } from './engine';
export { TranscriptIndexCache } from './ask/transcript-index-cache';
export { AiEngineEnvSchema, AiEngineEnvShape, type AiEngineEnv } from './engine-config';
export { createEngine } from './create-engine';
export { OpenAiEngine, type OpenAiEngineOptions } from './openai-engine';
