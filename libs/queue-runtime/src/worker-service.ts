import type { z } from 'zod';
import type { QueueName } from '@lectern/contracts';
import { loadEnvOrExit, type BaseEnvSchema } from './config';
import { stopWhenLauncherGone } from './launcher-link';
import { createLogger, type Logger } from './logger';
import { startQueueWorker, type JobHandlers } from './queue-worker';
import { requiredServersOf, waitForServers } from './server-gate';

/** What a worker service runs: its handlers, and how to close the resources they use. */
export interface WorkerRuntime<Q extends QueueName> {
  handlers: JobHandlers<Q>;
  close(): Promise<void>;
}

/** A worker service as its worker.ts runs it: its queue, its configuration and its `create<Name>Runtime`. */
export interface WorkerService<Q extends QueueName, S extends typeof BaseEnvSchema> {
  queue: Q;
  envSchema: S;
  concurrency: (env: z.infer<S>) => number;
  /** Builds the service's runtime once configuration is known (its `create<Name>Runtime`). */
  setup: (env: z.infer<S>, logger: Logger) => Promise<WorkerRuntime<Q>>;
}

export interface RunningWorkerService {
  /** In-flight jobs finish (within the queue worker's grace), jobs not yet started go back to the queue, then the runtime's connections close. */
  close(): Promise<void>;
}

/** The name a worker service logs under, in its own process or beside the others in one. */
export const workerLoggerName = (queue: QueueName) => `${queue}-worker`;

/** Starts a worker service's runtime and its queue worker with a configuration already validated. */
export async function startWorkerService<Q extends QueueName, S extends typeof BaseEnvSchema>(
  service: WorkerService<Q, S>,
  env: z.infer<S>,
  logger: Logger,
): Promise<RunningWorkerService> {
  const resources = await service.setup(env, logger);
  const concurrency = service.concurrency(env);
  const worker = await startQueueWorker({
    queue: service.queue,
    handlers: resources.handlers,
    redisUrl: env,
    prefix: env.REDIS_PREFIX,
    concurrency,
    logger,
  }).catch(async (error: unknown) => {
    await resources.close();
    throw error;
  });
  logger.info({ concurrency }, `${service.queue} worker ready`);
  return {
    async close() {
      await worker.close();
      await resources.close();
    },
  };
}

export type WorkerProcessOptions<Q extends QueueName, S extends typeof BaseEnvSchema> = WorkerService<Q, S>;

/**
 * The whole life of a worker process: validated configuration, the queue worker, and a graceful stop on
 * SIGTERM/SIGINT or when the launcher that started it is gone (in-flight jobs finish, jobs not yet started go back to the queue, connections close).
 */
export async function runWorkerProcess<Q extends QueueName, S extends typeof BaseEnvSchema>(
  options: WorkerProcessOptions<Q, S>,
): Promise<void> {
  // Until the worker runs there is nothing to finish: a launcher gone meanwhile just ends the process.
  let stop = (_signal: NodeJS.Signals): void => process.exit(0);
  stopWhenLauncherGone((signal) => stop(signal));
  const env = loadEnvOrExit(options.envSchema);
  const logger = createLogger(workerLoggerName(options.queue), env.LOG_LEVEL);
  await waitForServers(requiredServersOf(env), logger);
  const worker = await startWorkerService(options, env, logger);

  let stopping = false;
  stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${options.queue} worker stopping`);
    const forceExit = setTimeout(() => {
      logger.error('graceful stop took too long; exiting');
      process.exit(1);
    }, 25_000);
    forceExit.unref();
    void (async () => {
      await worker.close();
      logger.info(`${options.queue} worker stopped`);
      process.exit(0);
    })();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
