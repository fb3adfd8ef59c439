export type { AiEngine, AnswerRequest, AnswerResult, GenerationRequest, GenerationResult } from './engine';
export { TranscriptIndex, type Passage, type PassageHit } from './ask/transcript-index';
export { TranscriptIndexCache } from './ask/transcript-index-cache';
export { AiEngineEnvSchema, AiEngineEnvShape, type AiEngineEnv } from './engine-config';
export { createEngine } from './create-engine';
export { OpenAiEngine, type OpenAiEngineOptions } from './openai-engine';
export { OfflineEngine, OFFLINE_MODEL } from './offline/offline-engine';
