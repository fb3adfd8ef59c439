import { BaseEnvSchema, concurrencySetting } from '@lectern/contracts/runtime';

export const BillingEnvSchema = BaseEnvSchema.extend({
  BILLING_CONCURRENCY: concurrencySetting(4),
});
export type BillingEnv = ReturnType<typeof BillingEnvSchema.parse>;
