import type { EventStream } from '../http/event-stream';
import type { JobStreams } from './job-streams';

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
