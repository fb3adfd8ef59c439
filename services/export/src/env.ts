import { BaseEnvSchema, concurrencySetting } from '@lectern/contracts/runtime';

export const ExportEnvSchema = BaseEnvSchema.extend({
  EXPORT_CONCURRENCY: concurrencySetting(2),
});
export type ExportEnv = ReturnType<typeof ExportEnvSchema.parse>;
