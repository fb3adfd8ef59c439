import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, type Job } from 'bullmq';
import {
  LANES,
  laneQueueName,
  QUEUE_NAMES,
  type Lane,
  type QueueName,
  type JobDataOf,
  type JobNameOf,
  type JobResultOf,
} from '@lectern/contracts';
import { decodeFailure } from './job-failure';
import { jobOptionsFor } from './job-options';
import { createResultOpener, SEAL_RESULT_FIELD } from './sealed-result';
import { createRedis, quitRedis, type RedisConnection } from './redis';
import { redisTopology, type RedisAddress } from './redis-config';
import { withinTime } from './within-time';

/** A job that failed or did not finish in time, with the HTTP status and message the user should see. */
export class JobRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly internal = false,
  ) {
    super(message);
    this.name = 'JobRequestError';
  }
}

export interface RequestOptions {
  lane: Lane;
  timeoutMs: number;
  /** A second request with the same id while the first job is queued or running joins that job. */
  deduplicationId?: string;
  /** The job's id, chosen by the caller (e.g. the id of the job stream it opened); BullMQ numbers it otherwise. */
  jobId?: string;
  /** Message answered with 504 when the job does not finish in time. */
  timeoutMessage?: string;
  /** Called once the job is in the queue: what fails before it (503s) fails before any job exists. */
  onAdded?: () => void;
  /**
   * The result is a bearer secret (a Checkout URL): the worker seals it to a key only this request holds, so what
   * BullMQ keeps of it in Redis is ciphertext (see sealed-result.ts). Not with deduplicationId: a joined request
   * could not open it.
   */
  sealResult?: boolean;
}

/** What `JobRequester.status` answers of a job. */
export interface QueuedJobStatus {
  state: string;
  progress: unknown;
  /** The message a failed job leaves for the user; null unless failed. */
  failure: string | null;
}

export interface JobRequesterOptions {
  /**
   * How long adding a job may take. During a Redis outage commands wait for a reconnection that may never come;
   * past this the request is answered 503 instead of hanging.
   */
  addTimeoutMs?: number;
  /**
   * How often a waiting request checks that its job still exists, and adds it again under the same id when it
   * does not: after a Sentinel or Cluster failover the promoted replica may lack a job the old primary had just
   * taken. Jobs then get random ids, so a lost job is never confused with a new one given the same number.
   * Every 5 s with Sentinels or a Cluster; off on a single Redis unless set.
   */
  lostJobCheckMs?: number;
}

const HA_LOST_JOB_CHECK_MS = 5_000;

const DEFAULT_ADD_TIMEOUT_MS = 3_000;
const CLOSE_GRACE_MS = 5_000;
export const QUEUE_UNREACHABLE_MESSAGE =
  'Lectern cannot reach its job queue right now. Please try again in a moment.';

interface LaneHandle {
  queue: Queue;
  events: QueueEvents;
  /** QueueEvents blocks on its connection; BullMQ does not close one it was handed, so we do. */
  eventsConnection: RedisConnection;
}

/** The gateway's side of request-reply: add a job to a lane and await its result, never longer than a timeout. */
export class JobRequester {
  private readonly connection: RedisConnection;
  private readonly lanes = new Map<string, LaneHandle>();
  // Requests awaiting a result, each with its own way to be stopped: at shutdown they get a grace period, then a
  // clear 503 (their jobs stay queued). Racing every request against one long-lived promise instead would leave a
  // reaction on it per request, keeping each request's result and async context alive until shutdown.
  private readonly waiting = new Set<(error: JobRequestError) => void>();
  private stopping?: JobRequestError;
  private readonly addTimeoutMs: number;
  private readonly lostJobCheckMs: number | undefined;

  constructor(
    private readonly redis: RedisAddress,
    private readonly prefix: string,
    options: JobRequesterOptions = {},
  ) {
    this.connection = createRedis(redis);
    this.addTimeoutMs = options.addTimeoutMs ?? DEFAULT_ADD_TIMEOUT_MS;
    this.lostJobCheckMs =
      options.lostJobCheckMs ?? (redisTopology(redis) === 'single' ? undefined : HA_LOST_JOB_CHECK_MS);
  }

  /** Opens every queue and its event stream; events must be listening before the first job is added. */
  async init(): Promise<void> {
    for (const queue of QUEUE_NAMES) {
      for (const lane of LANES) {
        const name = laneQueueName(queue, lane);
        const eventsConnection = createRedis(this.redis);
        const handle: LaneHandle = {
          queue: new Queue(name, { connection: this.connection, prefix: this.prefix }),
          events: new QueueEvents(name, { connection: eventsConnection, prefix: this.prefix }),
          eventsConnection,
        };
        handle.queue.on('error', () => undefined);
        handle.events.on('error', () => undefined);
        this.lanes.set(name, handle);
      }
    }
    await Promise.all(
      [...this.lanes.values()].map((h) => Promise.all([h.queue.waitUntilReady(), h.events.waitUntilReady()])),
    );
  }

  queues(): Queue[] {
    return [...this.lanes.values()].map((h) => h.queue);
  }

  async request<Q extends QueueName, N extends JobNameOf<Q>>(
    queue: Q,
    name: N,
    data: JobDataOf<Q, N>,
    options: RequestOptions,
  ): Promise<JobResultOf<Q, N>> {
    const handle = this.lanes.get(laneQueueName(queue, options.lane));
    if (!handle) throw new Error(`JobRequester used before init() for ${queue}`);
    if (this.stopping) throw this.stopping;
    if (options.sealResult && options.deduplicationId)
      throw new Error('a sealed result cannot be shared by deduplicated requests');
    const opener = options.sealResult ? createResultOpener() : null;
    const jobData = opener ? { ...(data as object), [SEAL_RESULT_FIELD]: opener.publicKey } : data;
    const job = await this.add(handle.queue, queue, name, jobData, options);
    options.onAdded?.();
    let stop!: (error: JobRequestError) => void;
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    this.waiting.add(stop);
    if (this.stopping) stop(this.stopping); // shutdown began while the job was being added
    const lostJobCheck =
      this.lostJobCheckMs === undefined
        ? undefined
        : this.watchForLoss(handle.queue, job, this.lostJobCheckMs);
    try {
      const finished = job.waitUntilFinished(handle.events, options.timeoutMs);
      const result: unknown = await Promise.race([finished, stopped]);
      return (opener ? opener.open(result) : result) as JobResultOf<Q, N>;
    } catch (error) {
      if (error instanceof JobRequestError) throw error;
      throw await this.toRequestError(job, error, options);
    } finally {
      clearInterval(lostJobCheck);
      this.waiting.delete(stop);
    }
  }

  /**
   * Queues a job nobody waits for (work that outlives the request, such as a transcription of hours) under the
   * caller's id; a job already there under that id is left as it is. Its state is read with `status`.
   */
  async enqueue<Q extends QueueName, N extends JobNameOf<Q>>(
    queue: Q,
    name: N,
    data: JobDataOf<Q, N>,
    options: { lane: Lane; jobId: string },
  ): Promise<void> {
    const handle = this.lanes.get(laneQueueName(queue, options.lane));
    if (!handle) throw new Error(`JobRequester used before init() for ${queue}`);
    if (this.stopping) throw this.stopping;
    await this.add(handle.queue, queue, name, data, { ...options, timeoutMs: 0 });
  }

  /** A queued job's state, progress and failure (decoded as the user sees it), looked up in every lane. */
  async status(queue: QueueName, jobId: string): Promise<QueuedJobStatus | null> {
    for (const lane of LANES) {
      const handle = this.lanes.get(laneQueueName(queue, lane));
      const found = handle && (await handle.queue.getJob(jobId));
      if (!found) continue;
      const state = await found.getState();
      // The job may have failed between the two reads: read again once it is seen failed, since its reason is
      // written with that state, so the user sees why rather than a generic sentence.
      const job = state === 'failed' ? ((await handle.queue.getJob(jobId)) ?? found) : found;
      const decoded = job.failedReason ? decodeFailure(job.failedReason) : null;
      return {
        state,
        progress: job.progress,
        failure: state === 'failed' ? (decoded?.message ?? 'The job failed. Please try again.') : null,
      };
    }
    return null;
  }

  /**
   * Removes a failed job from whichever lane holds it, so that one may be queued again under its id (a job there
   * under that id would be left as it is). Answers whether one was removed; a job in any other state stays.
   */
  async removeFailed(queue: QueueName, jobId: string): Promise<boolean> {
    for (const lane of LANES) {
      const job = await this.lanes.get(laneQueueName(queue, lane))?.queue.getJob(jobId);
      if (!job || (await job.getState()) !== 'failed') continue;
      await job.remove();
      return true;
    }
    return false;
  }

  /** Adds the job again, under its id and with its options, whenever it is found missing from Redis. */
  private watchForLoss(queue: Queue, job: Job, everyMs: number): NodeJS.Timeout {
    let checking = false;
    return setInterval(() => {
      if (checking) return;
      checking = true;
      void (async () => {
        const state = await withinTime(job.getState(), this.addTimeoutMs).catch(() => null);
        if (state === 'unknown')
          await withinTime(queue.add(job.name, job.data, { ...job.opts, jobId: job.id }), this.addTimeoutMs);
      })()
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, everyMs);
  }

  /** Requests still awaiting their job's result. */
  get pending(): number {
    return this.waiting.size;
  }

  /**
   * At shutdown: waits up to `graceMs` for requests in flight to get their results, then answers the rest with
   * a 503. Their jobs stay in Redis and run after the restart, so asking again succeeds.
   */
  async drain(graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (this.pending > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    this.stopping = new JobRequestError(503, 'Lectern is restarting. Please try again in a moment.');
    for (const stop of this.waiting) stop(this.stopping);
  }

  /** Adds the job, never waiting longer than addTimeoutMs (503); a job added after that is withdrawn. */
  private async add(
    queue: Queue,
    queueName: QueueName,
    name: string,
    data: unknown,
    options: RequestOptions,
  ): Promise<Job> {
    const overrides = {
      ...(options.deduplicationId ? { deduplication: { id: options.deduplicationId } } : {}),
      ...(options.jobId ? { jobId: options.jobId } : {}),
      ...(!options.jobId && this.lostJobCheckMs !== undefined ? { jobId: randomUUID() } : {}),
    };
    const adding = queue.add(name, data, jobOptionsFor(queueName, overrides));
    const job = await withinTime(adding, this.addTimeoutMs);
    if (job) return job;
    // Nobody will wait for it; a deduplicated one may have been joined by another request, so it stays.
    if (!options.deduplicationId)
      void adding.then((late) => this.withdrawIfNotStarted(late)).catch(() => undefined);
    else adding.catch(() => undefined);
    throw new JobRequestError(503, QUEUE_UNREACHABLE_MESSAGE);
  }

  /** Removes a job nobody awaits, unless a worker already took it. */
  private async withdrawIfNotStarted(job: Job): Promise<void> {
    const state = await withinTime(job.getState(), this.addTimeoutMs).catch(() => null);
    if (state === 'waiting' || state === 'prioritized' || state === 'delayed')
      await withinTime(job.remove(), this.addTimeoutMs).catch(() => undefined);
  }

  private async toRequestError(job: Job, error: unknown, options: RequestOptions): Promise<JobRequestError> {
    const reason = error instanceof Error ? error.message : String(error);
    if (/timed out before finishing/.test(reason)) {
      // Nobody is waiting any more: a job that has not started yet is withdrawn rather than run for nothing.
      // Never a deduplicated one: another user's request may have joined it and still be waiting for it.
      if (!options.deduplicationId) await this.withdrawIfNotStarted(job);
      return new JobRequestError(
        504,
        options.timeoutMessage ?? 'The request took too long. Please try again.',
      );
    }
    const decoded = decodeFailure(reason);
    if (decoded) return new JobRequestError(decoded.status, decoded.message);
    return new JobRequestError(500, reason, true);
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.lanes.values()].map(async (h) => {
        // After a Redis outage a close can wait on a reconnection that never completes: bounded, then cut.
        const closed = Promise.all([h.events.close(), h.queue.close()]).then(
          () => true,
          () => true,
        );
        if (!(await withinTime(closed, CLOSE_GRACE_MS))) h.eventsConnection.disconnect();
        await quitRedis(h.eventsConnection, CLOSE_GRACE_MS);
      }),
    );
    await quitRedis(this.connection, CLOSE_GRACE_MS);
  }
}
