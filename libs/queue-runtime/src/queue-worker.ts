import { hostname } from 'node:os';
import { UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import {
  LANES,
  laneQueueName,
  type JobDataOf,
  type JobResultOf,
  type Lane,
  type PingResult,
  type QueueName,
  type ServiceJobNameOf,
} from '@lectern/contracts';
import { startHeartbeat } from './heartbeat';
import { recordJobRun, type JobOutcome } from './job-metrics';
import { LaneScheduler, SchedulerClosedError } from './lane-scheduler';
import type { Logger } from './logger';
import { createRedis, evictionPolicyWarning, quitRedis } from './redis';
import type { RedisAddress } from './redis-config';
import { sealRequestedBy, sealResult } from './sealed-result';
import { withinTime } from './within-time';

export interface JobContext {
  job: Job;
  lane: Lane;
  logger: Logger;
  /**
   * Aborted when the job should give up: the worker is stopping and its grace for running jobs has passed, or
   * the job's time limit (when the worker has one) has passed. Hand it to fetches and other long waits.
   */
  signal: AbortSignal;
}

/**
 * A handler per job name of the service's queue: the compiler refuses a missing or unknown one. `ping` is not
 * among them: every queue worker answers it itself.
 */
export type JobHandlers<Q extends QueueName> = {
  [N in ServiceJobNameOf<Q>]: (data: JobDataOf<Q, N>, context: JobContext) => Promise<JobResultOf<Q, N>>;
};

export interface QueueWorkerOptions<Q extends QueueName> {
  queue: Q;
  handlers: JobHandlers<Q>;
  /** REDIS_URL, or the process's settings (a Sentinel or a Cluster among them). */
  redisUrl: RedisAddress;
  prefix: string;
  concurrency: number;
  logger: Logger;
  /** How long a job's lock lives without renewal; a killed worker's job is taken over after about this long. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /**
   * How long a stop waits for running jobs before it aborts them (their signal) and closes anyway; a job still
   * running then is logged by name and goes back to the queue for another worker.
   */
  runningJobsGraceMs?: number;
  /** How long one job may run; past it the job's signal is aborted. Without it only a stop aborts a job. */
  jobTimeLimitMs?: number;
}

export interface RunningQueueWorker {
  readonly scheduler: LaneScheduler;
  close(): Promise<void>;
}

const IDLE_CLOSE_GRACE_MS = 5_000;
// Within the 25 s a worker process gives its whole stop (and Docker's 30 s stop grace), leaving time to close.
const RUNNING_JOBS_GRACE_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pingAnswer(queue: QueueName): Promise<PingResult> {
  return Promise.resolve({ service: queue, pid: process.pid, receivedAt: Date.now() });
}

interface RunningJob {
  id: string | undefined;
  name: string;
  lane: Lane;
  stop: AbortController;
}

/**
 * Consumes both lanes of a service's queue with one shared pool of slots (see LaneScheduler). Handler errors
 * reach BullMQ: permanent ones (UnrecoverableError) fail at once, others are retried with back-off.
 */
export async function startQueueWorker<Q extends QueueName>(
  options: QueueWorkerOptions<Q>,
): Promise<RunningQueueWorker> {
  const { queue, handlers, logger } = options;
  const connection = createRedis(options.redisUrl);
  const scheduler = new LaneScheduler(options.concurrency);
  // What runs now: named in the log and aborted if a stop gives up waiting for it. Not keyed by id: each lane is
  // a queue of its own, numbering its jobs from 1, so a Pro and a Free job may share one.
  const running = new Set<RunningJob>();
  // Stored by BullMQ on every job this process takes (`processedBy`), so Bull Board and the heartbeat name it.
  const processName = `${hostname()}:${process.pid}`;
  let jobsRun = 0;
  const handlerFor = (name: string) =>
    (handlers as Record<string, (data: unknown, context: JobContext) => Promise<unknown>>)[name] ??
    (name === 'ping' ? () => pingAnswer(queue) : undefined);

  const workers = LANES.map((lane) => {
    const worker = new Worker(
      laneQueueName(queue, lane),
      async (job, token) => {
        let release: () => void;
        try {
          release = await scheduler.acquire(lane);
        } catch (error) {
          if (error instanceof SchedulerClosedError && token) {
            // Shutting down before this job started: hand it back untouched for the next worker.
            await job.moveToWait(token);
            throw new WaitingError();
          }
          throw error;
        }
        const started = Date.now();
        const stop = new AbortController();
        const entry: RunningJob = { id: job.id, name: job.name, lane, stop };
        running.add(entry);
        const limit = new AbortController();
        const limitTimer =
          options.jobTimeLimitMs === undefined
            ? undefined
            : setTimeout(
                () => limit.abort(new Error(`the job ran longer than ${options.jobTimeLimitMs} ms`)),
                options.jobTimeLimitMs,
              );
        const signal = limitTimer === undefined ? stop.signal : AbortSignal.any([stop.signal, limit.signal]);
        let outcome: JobOutcome = 'completed';
        try {
          const handler = handlerFor(job.name);
          if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${queue}".`);
          const result = await handler(job.data, {
            job,
            lane,
            logger: logger.child({ jobId: job.id, job: job.name, lane }),
            signal,
          });
          logger.debug({ jobId: job.id, job: job.name, lane, ms: Date.now() - started }, 'job completed');
          const sealTo = sealRequestedBy(job.data);
          return sealTo === null ? result : sealResult(result, sealTo);
        } catch (error) {
          if (stop.signal.aborted && token) {
            // Given up by a stop, not failed: back to the queue, as a stalled job would be, for the next worker.
            outcome = 'retried';
            const handedBack = await job.moveToWait(token).then(
              () => true,
              () => false,
            );
            if (handedBack) throw new WaitingError();
          }
          const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          outcome = error instanceof UnrecoverableError || lastAttempt ? 'failed' : 'retried';
          throw error;
        } finally {
          running.delete(entry);
          jobsRun += 1;
          clearTimeout(limitTimer);
          release();
          const run = { queue, job: job.name, outcome, seconds: (Date.now() - started) / 1000 };
          void recordJobRun(connection, options.prefix, run);
        }
      },
      {
        connection,
        prefix: options.prefix,
        name: processName,
        // Each lane holds a few jobs ready beyond the shared slots, so that when a slot frees up a Pro job is
        // already waiting for it; a held job keeps its lock and goes back to the queue if the worker stops.
        concurrency: options.concurrency * 2,
        lockDuration: options.lockDurationMs ?? 15_000,
        stalledInterval: options.stalledIntervalMs ?? 5_000,
        maxStalledCount: 2,
        autorun: true,
      },
    );
    worker.on('failed', (job, error) => {
      logger.warn(
        { jobId: job?.id, job: job?.name, lane, attempts: job?.attemptsMade, reason: error.message },
        'job failed',
      );
    });
    worker.on('error', (error) => logger.error({ err: error, lane }, 'worker error'));
    return worker;
  });

  await Promise.all(workers.map((w) => w.waitUntilReady()));
  const evictionWarning = await evictionPolicyWarning(connection);
  if (evictionWarning) logger.warn(evictionWarning);
  const startedAt = new Date().toISOString();
  const heartbeat = startHeartbeat(connection, options.prefix, () => ({
    service: queue,
    pid: process.pid,
    host: hostname(),
    startedAt,
    activeJobs: scheduler.active,
    jobsRun,
  }));

  return {
    scheduler,
    async close() {
      scheduler.close();
      const closing = Promise.all(workers.map((w) => w.close()));
      // Jobs already running finish, within a bound: a job that never ends must not keep a stop waiting.
      const graceEnds = Date.now() + (options.runningJobsGraceMs ?? RUNNING_JOBS_GRACE_MS);
      while (scheduler.active > 0 && Date.now() < graceEnds) await sleep(50);
      if (scheduler.active > 0) {
        logger.warn(
          { queue, running: [...running].map(({ id, name, lane }) => ({ id, name, lane })) },
          'jobs still running at the end of the stop grace; aborting them and closing (they go back to the queue)',
        );
        for (const { stop } of running) stop.abort(new Error(`the ${queue} worker is stopping`));
      }
      // With no job running, BullMQ's close only tidies its connections; after a Redis outage it can wait on a
      // reconnection that never completes, so it gets a bounded time before the connections are cut.
      const closed = closing.then(
        () => true,
        () => true,
      );
      if (!(await withinTime(closed, IDLE_CLOSE_GRACE_MS))) {
        logger.warn({ queue }, 'the queue connections did not close in time; disconnecting them');
        await Promise.all(workers.map((w) => w.disconnect().catch(() => undefined)));
      }
      // The heartbeat expires by itself if it cannot be removed now.
      await withinTime(heartbeat.stop(), IDLE_CLOSE_GRACE_MS);
      await quitRedis(connection, IDLE_CLOSE_GRACE_MS);
    },
  };
}
