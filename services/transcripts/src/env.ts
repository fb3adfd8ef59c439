import { BaseEnvSchema, concurrencySetting } from '@lectern/contracts/runtime';

export const TranscriptsEnvSchema = BaseEnvSchema.extend({
  TRANSCRIPTS_CONCURRENCY: concurrencySetting(4),
});
export type TranscriptsEnv = ReturnType<typeof TranscriptsEnvSchema.parse>;
