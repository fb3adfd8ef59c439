import type { NestExpressApplication } from '@nestjs/platform-express';
import { JobRequester, createLogger, type Logger, type ProcessPart } from '@lectern/queue-runtime';
import { createGateway } from './bootstrap';
import type { GatewayEnv } from './config/gateway-env';
import { resolveGatewayEnv } from './config/load-gateway-env';

/** How long a stop waits for requests whose jobs are still running before answering them "try again". */
const JOB_REQUESTS_GRACE_MS = 10_000;

export interface RunningGateway {
  app: NestExpressApplication;
  /** Finishes in-flight requests, then closes the app (its queues and connections). */
  stop(): Promise<void>;
}

/** The gateway listening on PORT: the database migrated, Redis and the queues connected. */
export async function startGatewayServer(env: GatewayEnv, logger: Logger): Promise<RunningGateway> {
  if (env.sessionSecretGenerated) {
    logger.warn(
      'SESSION_SECRET is not set: using a random one, so everyone is signed out when the gateway restarts.',
    );
  }
  const app = await createGateway(env);
  await app.listen(env.PORT);
  logger.info({ port: env.PORT, url: env.APP_URL }, `Lectern is listening on ${env.APP_URL}`);
  return {
    app,
    async stop() {
      // The HTTP server waits for open requests before Nest's shutdown hooks run: answer those whose jobs will
      // not run before the stop first, or they would hang until the forced exit cuts them off.
      await app.get(JobRequester).drain(JOB_REQUESTS_GRACE_MS);
      await app.close();
    },
  };
}

/** The gateway as the first part of a process running every service (configuration read at once). */
export function gatewayPart(processEnv: NodeJS.ProcessEnv): ProcessPart {
  const env = resolveGatewayEnv(processEnv);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  return {
    name: 'gateway',
    async start() {
      const gateway = await startGatewayServer(env, logger);
      return {
        async stop() {
          logger.info('gateway stopping: finishing in-flight requests');
          await gateway.stop();
          logger.info('gateway stopped');
        },
      };
    },
  };
}
