import { z } from 'zod';
import { BaseEnvSchema, concurrencySetting } from '@lectern/queue-runtime';

export const DEFAULT_RECONCILE_AFTER_MS = 120_000;

export const BillingEnvSchema = BaseEnvSchema.extend({
  BILLING_CONCURRENCY: concurrencySetting(4),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .default('postgres://postgres@127.0.0.1:5432/lectern'),
  /** Empty: checkout and portal answer 503 "Billing is not configured." */
  STRIPE_SECRET_KEY: z.string().default(''),
  /** The Pro monthly price. */
  STRIPE_PRICE_ID: z.string().default(''),
  /** Another Stripe API base (stripe-mock or a test fake); its host, port and protocol go to the SDK. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Stored Stripe events still unprocessed after this long are queued again (the reconciler runs at least this often). */
  STRIPE_RECONCILE_AFTER_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000 (one second)')
    .max(86_400_000, 'must be at most 86400000 (one day)')
    .default(DEFAULT_RECONCILE_AFTER_MS),
});
export type BillingEnv = z.infer<typeof BillingEnvSchema>;
