import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { deleteKeysUnderPrefix } from '@lectern/queue-runtime';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { GatewayOptions } from '../../src/app.module';
import { createGateway } from '../../src/bootstrap';
import type { GatewayEnv, GatewayEnvInput } from '../../src/config/gateway-env';
import { resolveGatewayEnv } from '../../src/config/load-gateway-env';
import { dropDatabase } from '../../src/database/ensure-database';

export const TEST_APP_URL = 'http://lectern.test';

export interface TestGateway {
  app: NestExpressApplication;
  env: GatewayEnv;
  /** A cookie-keeping client, like one browser. */
  browser(): ReturnType<typeof request.agent>;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

/** A unique database name and Redis key prefix, so test files never see each other's data. */
export function isolatedEnv(
  overrides: Partial<Record<keyof GatewayEnvInput, string>> = {},
): NodeJS.ProcessEnv {
  const id = randomBytes(5).toString('hex');
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `${process.env.LECTERN_TEST_POSTGRES_URL!}/lectern_test_${id}`,
    REDIS_URL: process.env.LECTERN_TEST_REDIS_URL!,
    REDIS_PREFIX: `lectern-test-${id}`,
    APP_URL: TEST_APP_URL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PORT: '0',
    ...overrides,
  };
}

export async function startTestGateway(
  overrides: Partial<Record<keyof GatewayEnvInput, string>> = {},
  options: GatewayOptions = {},
): Promise<TestGateway> {
  const env = resolveGatewayEnv(isolatedEnv(overrides));
  const app = await createGateway(env, options);
  const server = app.getHttpServer();
  return {
    app,
    env,
    browser: () => request.agent(server),
    http: () => request(server),
    async close() {
      await app.close();
      await dropDatabase(env.DATABASE_URL);
      await deleteKeysUnderPrefix(env, env.REDIS_PREFIX);
    },
  };
}

/**
 * What following the confirmation link does, for fixtures that need a confirmed account (an ADMIN_EMAILS address
 * is an admin only once confirmed). The flow itself is tested in account-mail.int-spec.ts.
 */
export async function confirmEmail(gateway: TestGateway, email: string): Promise<void> {
  await gateway.app
    .get(DataSource)
    .query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [email]);
}

/** Signs up; an address in ADMIN_EMAILS is then confirmed, as its owner would, so that it is an admin. */
export async function confirmIfListedAdmin(gateway: TestGateway, email: string): Promise<void> {
  if (gateway.env.ADMIN_EMAILS.includes(email.toLowerCase())) await confirmEmail(gateway, email);
}

let counter = 0;
export function uniqueEmail(label = 'student'): string {
  counter += 1;
  return `${label}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export function sessionCookie(response: { headers: Record<string, unknown> }): string | undefined {
  const cookies = response.headers['set-cookie'] as string[] | undefined;
  return cookies
    ?.find((c) => c.startsWith('lectern.sid=') || c.startsWith('__Host-lectern.sid='))
    ?.split(';')[0];
}
