import { BaseEnvSchema, DatabaseEnvShape, concurrencySetting } from '@lectern/queue-runtime';

export const ExportEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  EXPORT_CONCURRENCY: concurrencySetting(2),
});
export type ExportEnv = ReturnType<typeof ExportEnvSchema.parse>;
