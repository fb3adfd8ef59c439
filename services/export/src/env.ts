import {
  BaseEnvSchema,
  DatabaseEnvShape,
  ExportDirEnvShape,
  concurrencySetting,
} from '@lectern/queue-runtime';

export const ExportEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  ...ExportDirEnvShape,
  EXPORT_CONCURRENCY: concurrencySetting(2),
});
export type ExportEnv = ReturnType<typeof ExportEnvSchema.parse>;
