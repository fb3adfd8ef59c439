import { randomBytes } from 'node:crypto';
import { ConfigError, parseEnv } from '@lectern/queue-runtime';
import { GatewayEnvSchema, type GatewayEnv } from './gateway-env';

/** Parses and completes the gateway's configuration; throws ConfigError with a one-line reason. */
export function resolveGatewayEnv(raw: NodeJS.ProcessEnv): GatewayEnv {
  const env = parseEnv(GatewayEnvSchema, raw);
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required when NODE_ENV=production');
  }
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretGenerated: !env.SESSION_SECRET,
  };
}

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
