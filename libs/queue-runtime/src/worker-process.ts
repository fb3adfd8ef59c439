import type { QueueName } from '@lectern/contracts';
import { BaseEnvSchema, loadEnvOrExit } from './config';
import { createLogger } from './logger';
import { startWorkerService, workerLoggerName, type WorkerService } from './worker-service';

export type WorkerProcessOptions<Q extends QueueName, S extends typeof BaseEnvSchema> = WorkerService<Q, S>;

/**
 * The whole life of a worker process: validated configuration, the queue worker, and a graceful stop on
 * SIGTERM/SIGINT (in-flight jobs finish, jobs not yet started go back to the queue, connections close).
 */
export async function runWorkerProcess<Q extends QueueName, S extends typeof BaseEnvSchema>(
  options: WorkerProcessOptions<Q, S>,
): Promise<void> {
  const env = loadEnvOrExit(options.envSchema);
  const logger = createLogger(workerLoggerName(options.queue), env.LOG_LEVEL);
  const worker = await startWorkerService(options, env, logger);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
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
