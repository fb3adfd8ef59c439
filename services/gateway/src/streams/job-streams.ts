import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  appendToJobStream,
  firstJobStreamEntry,
  readJobStream,
  renewJobStream,
  JOB_STREAM_TTL_SECONDS,
  type JobStreamEntry,
} from '@lectern/queue-runtime';
import { SharedStreamRead, type StreamReadEnd } from './shared-stream-read';
import type { RedisConnection } from '@lectern/queue-runtime';
import { randomUUID } from 'node:crypto';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT } from '../queues/redis.tokens';

/**
 * Handed to a service by a request that asked for an event stream: the service calls `open()` just before it
 * enqueues its job, gives the job the id it answers (the stream's id), and calls `added()` once the job is queued.
 * Errors before that (validation, plan, limit, a missing video, an unreachable queue) are answered as plain JSON;
 * after it, on the stream.
 */
export interface JobStreamOpener {
  open(): Promise<string>;
  /** Called once the job is in the queue: the stream's answer begins then (errors before it are plain JSON). */
  readonly added: () => void;
}

/** The gateway's end of a job stream it opened: it closes the stream with the request's outcome. */
export interface JobStreamWriter {
  readonly id: string;
  done(json: string): Promise<void>;
  fail(status: number, message: string): Promise<void>;
}

// While its job runs, the gateway that opened a stream keeps it from expiring (a long map-reduce may write its
// first piece of text minutes after the open).
const RENEW_EVERY_MS = (JOB_STREAM_TTL_SECONDS * 1000) / 5;

/**
 * Job streams in Redis (docs/jobs.md, "Job streams"): opened and closed here, read by any gateway. However many
 * readers a stream has on this gateway (tabs, reconnections, the streamed request itself), it is read from Redis
 * once, on one connection (SharedStreamRead).
 */
@Injectable()
export class JobStreams implements BeforeApplicationShutdown {
  private readonly prefix: string;
  /** The Redis read of each stream being read here; a read leaves the map when it ends. */
  private readonly shared = new Map<string, SharedStreamRead>();
  private readers = 0;
  private stopped = false;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisConnection,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.prefix = env.REDIS_PREFIX;
  }

  /** A new stream owned by the user; only its owner may read it. */
  async open(ownerId: string): Promise<JobStreamWriter> {
    const id = randomUUID();
    await appendToJobStream(this.redis, this.prefix, id, { type: 'open', owner: ownerId });
    const renewal = setInterval(() => {
      renewJobStream(this.redis, this.prefix, id).catch(() => undefined);
    }, RENEW_EVERY_MS);
    renewal.unref();
    const close = async (
      entry: { type: 'done'; body: string } | { type: 'error'; status: number; message: string },
    ) => {
      clearInterval(renewal);
      await appendToJobStream(this.redis, this.prefix, id, entry);
    };
    return {
      id,
      done: (json) => close({ type: 'done', body: json }),
      fail: (status, message) => close({ type: 'error', status, message }),
    };
  }

  /** Whether this gateway is stopping (its readers have been ended). */
  get isStopping(): boolean {
    return this.stopped;
  }

  /** How many reads (readers of a stream) are in progress. */
  get readsInProgress(): number {
    return this.readers;
  }

  /** How many streams are being read from Redis (one connection each). */
  get streamsBeingRead(): number {
    return this.shared.size;
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    for (const read of this.shared.values()) read.stop();
  }

  /** Whether the stream exists and belongs to the user (a missing one and another user's look the same). */
  async isOwnedBy(id: string, userId: string): Promise<boolean> {
    const first = await firstJobStreamEntry(this.redis, this.prefix, id);
    return first?.type === 'open' && first.owner === userId;
  }

  /** Its entries after `after` ('0': from the start), until the final one, the signal, or expiry. */
  async *read(id: string, after: string, signal: AbortSignal): AsyncGenerator<JobStreamEntry, StreamReadEnd> {
    if (this.stopped) return 'stopped';
    this.readers += 1;
    try {
      return yield* this.sharedRead(id).entriesAfter(after, signal);
    } finally {
      this.readers -= 1;
    }
  }

  /** The stream's Redis read in progress here, or a new one from its first entry. */
  private sharedRead(id: string): SharedStreamRead {
    const current = this.shared.get(id);
    if (current && !current.ended) return current;
    const read = new SharedStreamRead(
      (signal) => readJobStream(this.redis, this.prefix, id, { after: '0', signal }),
      (ended) => {
        if (this.shared.get(id) === ended) this.shared.delete(id);
      },
    );
    this.shared.set(id, read);
    return read;
  }
}
