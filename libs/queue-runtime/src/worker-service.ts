import type { z } from 'zod';
import type { QueueName } from '@lectern/contracts';
import type { BaseEnvSchema } from './config';
import type { Logger } from './logger';
import { startQueueWorker, type JobHandlers } from './queue-worker';

/** What a worker service runs: its handlers, and how to close the resources they use. */
export interface WorkerRuntime<Q extends QueueName> {
  handlers: JobHandlers<Q>;
  close(): Promise<void>;
}

/** A worker service as its main.ts runs it: its queue, its configuration and its `create<Name>Runtime`. */
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
