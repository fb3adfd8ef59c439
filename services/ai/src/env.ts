import { BaseEnvSchema, DatabaseEnvShape, concurrencySetting } from '@lectern/queue-runtime';
import { AiEngineEnvShape } from './engines/engine-config';

export const AiEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  ...AiEngineEnvShape,
  AI_CONCURRENCY: concurrencySetting(2),
});
export type AiEnv = ReturnType<typeof AiEnvSchema.parse>;
