import { z } from 'zod';

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_AI_TOKEN_BUDGET = 16_000;
const DEFAULT_AI_TIMEOUT_MS = 120_000;

/**
 * The ai worker's engine settings, as a zod shape to merge into its environment schema
 * (`AiEnvSchema.extend(AiEngineEnvShape)`). With an empty OPENAI_API_KEY, a model server on this machine (or at
 * OPENAI_BASE_URL) is used when one answers, else the offline engine.
 */
export const AiEngineEnvShape = {
  OPENAI_API_KEY: z.string().trim().optional(),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Absent: `gpt-4o-mini` with a key; a model the local server lists without one. */
  OPENAI_MODEL: z.string().trim().min(1, 'must not be empty').optional(),
  /** Without an API key: `auto` looks for a model server on this machine, `off` writes with the offline engine. */
  AI_LOCAL_MODEL: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  /** Estimated input tokens one provider request may carry; longer transcripts go through map-reduce. */
  AI_TOKEN_BUDGET: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1_000, 'must be at least 1000')
    .max(2_000_000, 'must be at most 2000000')
    .default(DEFAULT_AI_TOKEN_BUDGET),
  /** How long one provider request may take, retries included, before the generation fails with 504. */
  AI_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(3_600_000, 'must be at most 3600000')
    .default(DEFAULT_AI_TIMEOUT_MS),
};

export const AiEngineEnvSchema = z.object(AiEngineEnvShape);
export type AiEngineEnv = z.infer<typeof AiEngineEnvSchema>;
