import { BaseEnvSchema, concurrencySetting } from '@lectern/contracts/runtime';

export const AiEnvSchema = BaseEnvSchema.extend({
  AI_CONCURRENCY: concurrencySetting(2),
});
export type AiEnv = ReturnType<typeof AiEnvSchema.parse>;
