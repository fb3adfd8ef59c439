import type { QueueName } from '@lectern/contracts';
import { BaseEnvSchema, CONFIG_ERROR_EXIT_CODE, ConfigError, parseEnv } from './config';
import { stopWhenLauncherGone } from './launcher-link';
import { createLogger, type Logger } from './logger';
import { requiredServersOf, waitForServers } from './server-gate';
import { startWorkerService, workerLoggerName, type WorkerService } from './worker-service';

/** One of Lectern's services sharing a process with the others: the gateway, or a worker service. */
export interface ProcessPart {
  name: string;
  /** Resolves once the part serves (the gateway listens, a worker takes jobs). */
  start(): Promise<StartedPart>;
}

export interface StartedPart {
  /** Gracefully: the gateway answers its open requests, a worker hands back the jobs it has not started. */
  stop(): Promise<void>;
}

/**
 * Starts stage after stage (the parts of one stage together) and stops them in the same order: the gateway
 * (first stage) migrates before any worker reads the database, and stops taking requests before the workers
 * stop taking jobs. A failed start stops what had started, then rejects.
 */
export async function startInStages(stages: ProcessPart[][], logger: Logger): Promise<StartedPart> {
  const started: StartedPart[][] = [];
  const stop = async () => {
    for (const stage of started)
      await Promise.all(
        stage.map((part) =>
          part
            .stop()
            .catch((error: unknown) => logger.error({ err: error }, 'a service did not stop cleanly')),
        ),
      );
  };
  for (const stage of stages) {
    const results = await Promise.allSettled(stage.map((part) => part.start()));
    started.push(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      await stop();
      throw failed.reason;
    }
  }
  return { stop };
}

/**
 * A worker service as a part of one process: its configuration read from the one environment by its own schema
 * (a wrong value throws ConfigError at once, before anything starts) and its own logger name.
 */
export function workerPart<Q extends QueueName, S extends typeof BaseEnvSchema>(
  service: WorkerService<Q, S>,
  processEnv: NodeJS.ProcessEnv,
): ProcessPart {
  const env = parseEnv(service.envSchema, processEnv);
  const name = workerLoggerName(service.queue);
  const logger = createLogger(name, env.LOG_LEVEL);
  return {
    name,
    async start() {
      const worker = await startWorkerService(service, env, logger);
      return {
        async stop() {
          logger.info(`${service.queue} worker stopping`);
          await worker.close();
          logger.info(`${service.queue} worker stopped`);
        },
      };
    },
  };
}

export interface OneProcessOptions {
  /** Builds the stages, reading each part's configuration; may throw ConfigError. */
  stages: () => ProcessPart[][];
  /** Past this, a stop that has not finished exits anyway (a supervisor's or Docker's grace is 30 s). */
  stopGraceMs?: number;
  processEnv?: NodeJS.ProcessEnv;
}

const STOP_GRACE_MS = 28_000;

/**
 * The whole life of a process running every Lectern service (LECTERN_PROCESSES=one): each part's configuration,
 * then the stages started in order, and on SIGTERM/SIGINT a graceful stop in the same order, as the separate
 * processes would do it. A wrong setting exits with the configuration error code; a failed start exits 1.
 */
export async function runInOneProcess(options: OneProcessOptions): Promise<void> {
  const processEnv = options.processEnv ?? process.env;
  // Until the services run there is nothing to finish: a launcher gone meanwhile just ends the process.
  let stopNow = (_signal: NodeJS.Signals): void => process.exit(0);
  stopWhenLauncherGone((signal) => stopNow(signal));
  let stages: ProcessPart[][];
  let logger: Logger;
  let servers: ReturnType<typeof requiredServersOf>;
  try {
    const base = parseEnv(BaseEnvSchema, processEnv);
    logger = createLogger('lectern', base.LOG_LEVEL);
    servers = requiredServersOf(
      { REDIS_URL: base.REDIS_URL, DATABASE_URL: processEnv.DATABASE_URL },
      processEnv,
    );
    stages = options.stages();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    throw error;
  }

  const starting = waitForServers(servers, logger).then(() => startInStages(stages, logger));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Lectern stopping: the gateway first, then the workers');
    setTimeout(() => {
      logger.error('graceful stop took too long; exiting');
      process.exit(1);
    }, options.stopGraceMs ?? STOP_GRACE_MS).unref();
    void starting
      .then((started) => started.stop())
      .then(
        () => {
          logger.info('Lectern stopped');
          process.exit(0);
        },
        () => process.exit(1),
      );
  };
  stopNow = stop;
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  try {
    await starting;
  } catch (error) {
    logger.error({ err: error }, 'Lectern could not start');
    process.exit(1);
  }
  const names = stages.flat().map((part) => part.name);
  logger.info({ services: names }, `every service runs in this process (${process.pid})`);
}
