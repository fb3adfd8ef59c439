import type { z } from 'zod';
import type { QueueName } from '@lectern/contracts';
import { BaseEnvSchema, loadEnvOrExit } from './config';
import { createLogger, type Logger } from './logger';
import { stopWhenLauncherGone } from './launcher-link';
import { startQueueWorker, type JobHandlers } from './queue-worker';
import { requiredServersOf, waitForServers } from './server-gate';

/** What a worker service runs: its handlers, and how to close the resources they use. */
export interface WorkerRuntime<Q extends QueueName> {
  handlers: JobHandlers<Q>;
  close(): Promise<void>;
}

export interface WorkerProcessOptions<Q extends QueueName, S extends typeof BaseEnvSchema> {
  queue: Q;
  envSchema: S;
  concurrency: (env: z.infer<S>) => number;
  /** Builds the service's runtime once configuration is known (its `create<Name>Runtime`). */
  setup: (env: z.infer<S>, logger: Logger) => Promise<WorkerRuntime<Q>>;
}

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
  const logger = createLogger(`${options.queue}-worker`, env.LOG_LEVEL);
  await waitForServers(requiredServersOf(env), logger);
  const resources = await options.setup(env, logger);
  const concurrency = options.concurrency(env);
  const worker = await startQueueWorker({
    queue: options.queue,
    handlers: resources.handlers,
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    concurrency,
    logger,
  });
  logger.info({ concurrency }, `${options.queue} worker ready`);

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
      await resources.close();
      logger.info(`${options.queue} worker stopped`);
      process.exit(0);
    })();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
