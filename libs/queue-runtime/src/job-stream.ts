import { duplicateRedis, type RedisConnection } from './redis';
import type { Logger } from './logger';

/**
 * A job's stream in Redis: what a worker writes while the job runs (pieces of text), relayed to the browser by
 * whichever gateway reads it. A Redis Stream rather than pub/sub: a reader that connects late (another gateway,
 * a reconnecting client) still reads every entry from the start. The gateway that enqueues the job opens it
 * (`open`, with the owner), the worker appends `delta`s (and `reset` when a retry starts over), and the gateway
 * that awaited the job closes it with `done` (the answer's JSON) or `error`. See docs/jobs.md.
 */
export type JobStreamEntry =
  | { id: string; type: 'open'; owner: string }
  | { id: string; type: 'delta'; text: string }
  | { id: string; type: 'reset' }
  | { id: string; type: 'done'; body: string }
  | { id: string; type: 'error'; status: number; message: string };

export type JobStreamWrite =
  | { type: 'open'; owner: string }
  | { type: 'delta'; text: string }
  | { type: 'reset' }
  | { type: 'done'; body: string }
  | { type: 'error'; status: number; message: string };

/** Kept this long after its last write: enough for a late or reconnecting reader, then Redis drops it. */
export const JOB_STREAM_TTL_SECONDS = 5 * 60;
/** An upper bound on entries (approximate trimming); a worker coalesces pieces, so a generation writes far fewer. */
export const JOB_STREAM_MAX_ENTRIES = 5_000;

export function jobStreamKey(prefix: string, streamId: string): string {
  return `${prefix}:job-stream:${streamId}`;
}

export function jobStreamReaderName(prefix: string): string {
  return `${prefix}:job-stream-reader`;
}

/** Appends one entry and renews the stream's retention. */
export async function appendToJobStream(
  redis: RedisConnection,
  prefix: string,
  streamId: string,
  entry: JobStreamWrite,
): Promise<string> {
  const key = jobStreamKey(prefix, streamId);
  const fields = Object.entries(entry).flatMap(([name, value]) => [name, String(value)]);
  const results = await redis
    .multi()
    .xadd(key, 'MAXLEN', '~', JOB_STREAM_MAX_ENTRIES, '*', ...fields)
    .expire(key, JOB_STREAM_TTL_SECONDS)
    .exec();
  const [error, id] = results?.[0] ?? [new Error('The job stream write was discarded.'), null];
  if (error) throw error;
  return String(id);
}

export async function renewJobStream(
  redis: RedisConnection,
  prefix: string,
  streamId: string,
): Promise<void> {
  await redis.expire(jobStreamKey(prefix, streamId), JOB_STREAM_TTL_SECONDS);
}

/** The first entry of a stream (its `open`), or null when there is no such stream (never opened, or expired). */
export async function firstJobStreamEntry(
  redis: RedisConnection,
  prefix: string,
  streamId: string,
): Promise<JobStreamEntry | null> {
  const entries = await redis.xrange(jobStreamKey(prefix, streamId), '-', '+', 'COUNT', 1);
  const [first] = entries;
  return first ? parseEntry(first[0], first[1]) : null;
}

export function isFinalEntry(
  entry: JobStreamEntry,
): entry is Extract<JobStreamEntry, { type: 'done' | 'error' }> {
  return entry.type === 'done' || entry.type === 'error';
}

export interface ReadJobStreamOptions {
  /** Read entries after this id; '0' (the default) reads from the start. */
  after?: string;
  /** Stops reading (the client went away); the connection is closed at once. */
  signal?: AbortSignal;
  /** How long one XREAD blocks before the stream's existence is checked again. */
  blockMs?: number;
}

/**
 * Every entry of a job's stream, in order, until its final entry (`done` or `error`), the signal, or the stream
 * expiring. Reads block (XREAD BLOCK) on a connection of their own, duplicated from `redis` and closed at the end.
 */
export async function* readJobStream(
  redis: RedisConnection,
  prefix: string,
  streamId: string,
  options: ReadJobStreamOptions = {},
): AsyncGenerator<JobStreamEntry, 'final' | 'stopped' | 'expired'> {
  const key = jobStreamKey(prefix, streamId);
  const blockMs = options.blockMs ?? 5_000;
  // Named, so that an operator (or a test) can see in CLIENT LIST that no reader outlives its request.
  const reader = duplicateRedis(redis, { connectionName: jobStreamReaderName(prefix) });
  reader.on('error', () => undefined);
  const stop = () => reader.disconnect();
  options.signal?.addEventListener('abort', stop, { once: true });
  let after = options.after ?? '0';
  try {
    while (!options.signal?.aborted) {
      let answer: Array<[string, Array<[string, string[]]>]> | null;
      try {
        answer = await reader.xread('BLOCK', blockMs, 'STREAMS', key, after);
      } catch (error) {
        if (options.signal?.aborted) return 'stopped';
        throw error;
      }
      const entries = answer?.[0]?.[1] ?? [];
      if (entries.length === 0) {
        if ((await reader.exists(key)) === 0) return 'expired';
        continue;
      }
      for (const [id, fields] of entries) {
        after = id;
        const entry = parseEntry(id, fields);
        if (!entry) continue;
        yield entry;
        if (isFinalEntry(entry)) return 'final';
      }
    }
    return 'stopped';
  } finally {
    options.signal?.removeEventListener('abort', stop);
    reader.disconnect();
  }
}

function parseEntry(id: string, fields: string[]): JobStreamEntry | null {
  const values = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) values.set(fields[index]!, fields[index + 1]!);
  const type = values.get('type') ?? '';
  switch (type) {
    case 'open':
      return { id, type: 'open', owner: values.get('owner') ?? '' };
    case 'delta':
      return { id, type: 'delta', text: values.get('text') ?? '' };
    case 'reset':
      return { id, type: 'reset' };
    case 'done':
      return { id, type: 'done', body: values.get('body') ?? 'null' };
    case 'error':
      return {
        id,
        type: 'error',
        status: Number(values.get('status') ?? 500),
        message: values.get('message') ?? '',
      };
    default:
      return null;
  }
}

/**
 * The worker's side: a job's pieces of text, appended in order. While one write is on its way the next pieces
 * gather and go as one entry, so a fast model costs at most one write per round trip, never one per token.
 */
export class JobDeltaPublisher {
  private pending = '';
  private writing: Promise<void> | null = null;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    readonly streamId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Hands one piece of text on; never throws (a lost piece only costs the live view, not the stored result). */
  readonly publish = (text: string): void => {
    if (text === '') return;
    this.pending += text;
    this.writing ??= this.drain();
  };

  /** A new run of the job starts the text over: readers drop what they showed. */
  async reset(): Promise<void> {
    await this.flush();
    await appendToJobStream(this.redis, this.prefix, this.streamId, { type: 'reset' }).catch(this.onError);
  }

  /** Resolves once every piece published so far is in Redis. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.pending !== '') {
      const text = this.pending;
      this.pending = '';
      await appendToJobStream(this.redis, this.prefix, this.streamId, { type: 'delta', text }).catch(
        this.onError,
      );
    }
    this.writing = null;
  }
}

/**
 * Publishers for a worker's jobs. Only a job whose stream a gateway opened (a client asked for the event
 * stream) gets a live one; any other job gets a publisher that drops what it is given.
 */
export class JobDeltaStreams {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  async publisherFor(
    job: { id?: string | undefined; attemptsMade: number },
    onError: (error: unknown) => void,
  ): Promise<JobDeltaPublisher | null> {
    if (job.id === undefined) return null;
    const opened = await this.redis.exists(jobStreamKey(this.prefix, job.id)).catch(() => 0);
    if (opened === 0) return null;
    const publisher = new JobDeltaPublisher(this.redis, this.prefix, job.id, onError);
    // Whatever the attempt count: BullMQ re-runs a stalled job, or one a stopping worker moved back to wait,
    // without counting an attempt, and its readers would show the earlier run's text before this one's.
    if (await this.hasTextSinceLastReset(job.id)) await publisher.reset();
    return publisher;
  }

  /** Whether the stream holds a `delta` after its last `reset` (or its `open`): an earlier run wrote text. */
  private async hasTextSinceLastReset(streamId: string): Promise<boolean> {
    const latest = await this.redis
      .xrevrange(jobStreamKey(this.prefix, streamId), '+', '-', 'COUNT', 10)
      .catch(() => []);
    for (const [id, fields] of latest) {
      const type = parseEntry(id, fields)?.type;
      if (type === 'delta') return true;
      if (type === 'reset' || type === 'open') return false;
    }
    return false;
  }
}

/**
 * Runs a handler's work with a `publish(text)` for its job's text: live when a gateway opened the job's stream
 * (its client asked for an event stream), undefined otherwise. Every piece is in Redis before the job completes,
 * so a stream's `done` always follows its last delta.
 */
export async function withJobDeltas<T>(
  deltas: JobDeltaStreams | undefined,
  { job, logger }: { job: { id?: string | undefined; attemptsMade: number }; logger: Pick<Logger, 'warn'> },
  work: (publish: ((text: string) => void) | undefined) => Promise<T>,
): Promise<T> {
  const publisher = await deltas?.publisherFor(job, (error) =>
    logger.warn({ err: error }, 'a piece of streamed text could not be relayed'),
  );
  try {
    return await work(publisher?.publish);
  } finally {
    await publisher?.flush();
  }
}
