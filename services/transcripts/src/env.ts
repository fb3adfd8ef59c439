import { BaseEnvSchema, DatabaseEnvShape, concurrencySetting } from '@lectern/queue-runtime';
import { YouTubeEnvSchema } from './youtube';

export const TranscriptsEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  ...YouTubeEnvSchema.shape,
  TRANSCRIPTS_CONCURRENCY: concurrencySetting(4),
});
export type TranscriptsEnv = ReturnType<typeof TranscriptsEnvSchema.parse>;
