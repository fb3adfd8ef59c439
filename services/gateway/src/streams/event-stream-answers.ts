import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { QUEUE_UNREACHABLE_MESSAGE } from '@lectern/queue-runtime';
import type { Response } from 'express';
import { describeApiError } from '../http/api-exception.filter';
import { EventStream } from '../http/event-stream';
import type { JobStreamOpener, JobStreamWriter, JobStreams } from './job-streams';

/** The response header naming the stream, for `GET /api/ai/streams/:id` on any gateway. */
export const STREAM_ID_HEADER = 'Lectern-Stream-Id';

const logger = new Logger('EventStreamAnswer');

export const STREAM_EXPIRED_MESSAGE =
  'This answer is no longer being streamed. Reload the page to see it once it is written.';

/**
 * Relays a job stream to an event stream: `delta` `{ text }` per piece, `reset` `{}` when a retry starts the text
 * over, then `done` (the answer's JSON) or `error` `{ message }`. Each event's `id` is its Redis entry id, so a
 * client that reconnects with `Last-Event-ID` continues where it left off. Answers why it ended: at its final
 * entry, stopped (the signal, or the client left), or expired (the stream is gone from Redis).
 */
export async function relayJobStream(
  events: EventStream,
  streams: JobStreams,
  streamId: string,
  options: { after?: string; signal?: AbortSignal } = {},
): Promise<'final' | 'stopped' | 'expired'> {
  const signal = options.signal ? AbortSignal.any([options.signal, events.signal]) : events.signal;
  const reading = streams.read(streamId, options.after ?? '0', signal);
  try {
    for (;;) {
      const next = await reading.next();
      if (next.done) return next.value;
      const entry = next.value;
      switch (entry.type) {
        case 'open':
          break;
        case 'delta':
          events.send('delta', { text: entry.text }, entry.id);
          break;
        case 'reset':
          events.send('reset', {}, entry.id);
          break;
        case 'done':
          events.sendJson('done', entry.body, entry.id);
          break;
        case 'error':
          events.send('error', { message: entry.message }, entry.id);
          break;
      }
    }
  } finally {
    // Ends a read left at an entry (sending it threw): its Redis connection is closed.
    await reading.return('stopped');
  }
}

type Outcome<T> = { value: T } | { error: unknown };

/**
 * Answers a request as an event stream. `produce` is the same service call the plain request makes (its value
 * is the plain JSON answer), given an opener to call just before it enqueues its job:
 *  - a failure before the job is queued (400, 402, 403, 404, 429, 503) is thrown, and answered as plain JSON;
 *  - an answer with no job (a stored item) is a stream of one `done`;
 *  - otherwise the job's stream is relayed from Redis (deltas, then `done` with the JSON or `error`).
 * The outcome is written to the stream whether or not the client is still there, so the result is stored and
 * any gateway can still relay it. A client that leaves only stops this request's reading.
 */
export async function answerWithEventStream<T>(
  res: Response,
  streams: JobStreams,
  ownerId: string,
  produce: (opener: JobStreamOpener) => Promise<T>,
): Promise<void> {
  let announce!: (writer: JobStreamWriter) => void;
  const started = new Promise<JobStreamWriter>((resolve) => {
    announce = resolve;
  });
  let opened: JobStreamWriter | undefined;
  const opener: JobStreamOpener = {
    open: async () => {
      try {
        opened = await streams.open(ownerId);
      } catch (error) {
        logger.warn({ err: error }, 'a job stream could not be opened');
        throw new ServiceUnavailableException(QUEUE_UNREACHABLE_MESSAGE);
      }
      return opened.id;
    },
    added: () => {
      if (opened) announce(opened);
    },
  };
  const outcome: Promise<Outcome<T>> = produce(opener).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  // No header is sent before the job is queued: a failure until then is answered as plain JSON.
  const first = await Promise.race([started.then((writer) => ({ writer })), outcome]);
  if ('error' in first) {
    // A stream opened for a job that never came: closed, so nobody renews it and a reader ends.
    const [status, message] = describeApiError(first.error);
    opened?.fail(status, message).catch(() => undefined);
    throw first.error;
  }
  if ('value' in first) {
    const events = new EventStream(res);
    events.sendJson('done', JSON.stringify(first.value));
    events.end();
    return;
  }

  const { writer } = first;
  const events = new EventStream(res, { [STREAM_ID_HEADER]: writer.id });
  // Should the outcome not reach Redis, this request stops waiting for it there and answers it itself.
  const unrelayable = new AbortController();
  void outcome.then(async (result) => {
    const [status, message] = 'error' in result ? describeApiError(result.error) : [200, ''];
    if ('error' in result && status >= 500) logger.error({ err: result.error }, 'streamed request failed');
    try {
      if ('error' in result) await writer.fail(status, message);
      else await writer.done(JSON.stringify(result.value));
    } catch (error) {
      logger.warn({ err: error }, 'the outcome could not be written to its job stream');
      unrelayable.abort();
    }
  });
  const ended = await relayJobStream(events, streams, writer.id, { signal: unrelayable.signal }).catch(
    (error: unknown) => {
      logger.warn({ err: error }, 'reading a job stream failed');
      return 'stopped' as const;
    },
  );
  if (ended !== 'final' && !events.signal.aborted) {
    const result = await outcome;
    if ('error' in result) events.send('error', { message: describeApiError(result.error)[1] });
    else events.sendJson('done', JSON.stringify(result.value));
  }
  events.end();
}
