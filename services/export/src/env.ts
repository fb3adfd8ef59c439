import { ExportS3EnvShape } from '@lectern/handovers';
import { BaseEnvSchema, DatabaseEnvShape, concurrencySetting } from '@lectern/queue-runtime';

export const ExportEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  ...ExportS3EnvShape,
  EXPORT_CONCURRENCY: concurrencySetting(2),
});
export type ExportEnv = ReturnType<typeof ExportEnvSchema.parse>;
