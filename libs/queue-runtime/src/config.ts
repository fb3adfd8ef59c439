import { z } from 'zod';
import { RedisTopologyEnvShape, redisTopologyProblem, withClusterPrefix } from './redis-config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Settings every Lectern process reads: gateway and workers alike. */
export const BaseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .default('redis://127.0.0.1:6379'),
  /**
   * Namespaces every Redis key (queues, sessions, rate limits), so several installs or test runs can share one
   * Redis. In braces (`{lectern}`) it is a Redis Cluster hash tag: every key lands in one slot, as BullMQ's
   * multi-key scripts need.
   */
  REDIS_PREFIX: z
    .string()
    .regex(
      /^(?:[A-Za-z0-9_.-]{1,64}|\{[A-Za-z0-9_.-]{1,62}\})$/,
      'must be 1-64 letters, digits, dots, dashes or underscores, or such a name in braces ({lectern})',
    )
    .default('lectern'),
  ...RedisTopologyEnvShape,
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

/** The exit code of a process refused by its configuration (sysexits' EX_CONFIG): restarting will not help. */
export const CONFIG_ERROR_EXIT_CODE = 78;

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
  if (result.success) {
    // Rules between variables (a Cluster needs a braced prefix, Sentinel and Cluster exclude each other), checked
    // here because a schema with cross-field refinements could no longer be extended by each service.
    const problem = redisTopologyProblem(result.data as Record<string, unknown>, cleaned);
    if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
    return withClusterPrefix(result.data, cleaned);
  }
  const issue = result.error.issues[0];
  const variable = issue?.path[0] === undefined ? 'environment' : String(issue.path[0]);
  const value = env[variable];
  const shown = typeof value === 'string' ? printableValue(variable, value) : null;
  const got = shown === null ? '' : ` (got "${shown}")`;
  throw new ConfigError(`Invalid configuration: ${variable} ${describe(issue?.message)}${got}`);
}

const SECRET_VARIABLE = /SECRET|KEY|PASSWORD|PASSWD|TOKEN|CREDENTIAL/i;

/**
 * What a configuration error may echo of a value, so no secret reaches a start-up log: nothing for a variable
 * named like a secret, URL credentials masked otherwise (before truncation, which could cut the mask off).
 */
export function printableValue(variable: string, value: string): string | null {
  if (SECRET_VARIABLE.test(variable)) return null;
  return truncate(redactCredentials(value));
}

/**
 * `mysql://user:pw@host/db?password=x` becomes `mysql://***@host/db?password=***`: the user name goes too, as
 * some services take a key there (`https://sk_live_…@api.example`).
 */
export function redactCredentials(value: string): string {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(value)?.[0] ?? '';
  let rest = value.slice(scheme.length);
  // Up to the last "@" is user information, even when a password holds "/", "#" or "@"; without a scheme,
  // only a `user:password@` is (an email address is not a credential).
  const userInfo = /^.*@/s.exec(rest)?.[0];
  if (userInfo && (scheme || userInfo.includes(':'))) rest = `***@${rest.slice(userInfo.length)}`;
  rest = rest.replace(/([?&;][^=&;#]*(?:pass|secret|key|token|auth)[^=&;#]*=)[^&;#]*/gi, '$1***');
  return scheme + rest;
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
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    throw error;
  }
}
