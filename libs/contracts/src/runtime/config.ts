import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Settings every Lectern process reads: gateway and workers alike. */
export const BaseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .default('redis://127.0.0.1:6379'),
  /** Namespaces every Redis key (queues, sessions, rate limits), so several installs or test runs can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or underscores')
    .default('lectern'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});
export type BaseEnv = z.infer<typeof BaseEnvSchema>;

/** For the processes that read or write PostgreSQL. */
export const DatabaseEnvShape = {
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .default('postgres://postgres@127.0.0.1:5432/lectern'),
};

export const concurrencySetting = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .default(fallback);

export class ConfigError extends Error {}

/**
 * Parses the environment with a schema. On a bad value it throws a ConfigError whose message is one line
 * naming the variable and what is wrong with it.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  // An empty variable means "use the default", as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = issue?.path[0] === undefined ? 'environment' : String(issue.path[0]);
  const raw = typeof env[variable] === 'string' ? ` (got "${truncate(env[variable])}")` : '';
  throw new ConfigError(`Invalid configuration: ${variable} ${describe(issue?.message)}${raw}`);
}

function describe(message: string | undefined): string {
  if (!message) return 'is invalid';
  return message.charAt(0).toLowerCase() + message.slice(1);
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 37)}...` : value;
}

/** Loads configuration for a process entry point: prints the one-line reason and exits 1 when it is wrong. */
export function loadEnvOrExit<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  try {
    return parseEnv(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
