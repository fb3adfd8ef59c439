import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createRedis, evictionPolicyWarning } from '@lectern/queue-runtime';
import { Logger } from 'nestjs-pino';
import { AppModule, type GatewayOptions } from './app.module';
import type { GatewayEnv } from './config/gateway-env';
import { ensureDatabase } from './database/ensure-database';
import { configureHttp } from './http-pipeline';

/**
 * Builds a ready gateway: the database exists and is migrated, Redis and the queues are connected, and the
 * HTTP pipeline is configured. The caller decides where it listens.
 */
export async function createGateway(
  env: GatewayEnv,
  options: GatewayOptions = {},
): Promise<NestExpressApplication> {
  await ensureDatabase(env.DATABASE_URL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env, options), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  configureHttp(app, env);
  await app.init();
  await warnAboutEviction(app, env);
  return app;
}

/** Said loudly at every start: an evicting Redis loses queued jobs and sessions without a trace. */
async function warnAboutEviction(app: NestExpressApplication, env: GatewayEnv): Promise<void> {
  const redis = createRedis(env, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    const warning = await evictionPolicyWarning(redis);
    if (warning) app.get(Logger).warn(warning);
  } catch {
    // Redis unreachable at start-up: readiness reports it.
  } finally {
    redis.disconnect();
  }
}
