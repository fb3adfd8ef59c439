import type { QueueName } from '@lectern/contracts';
import { BaseEnvSchema, loadEnvOrExit } from './config';
import { createLogger } from './logger';
import { stopWhenLauncherGone } from './launcher-link';
import { requiredServersOf, waitForServers } from './server-gate';
import { startWorkerService, workerLoggerName, type WorkerService } from './worker-service';

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
