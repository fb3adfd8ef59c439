import type { EventSourceMessage } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ApiError, throwIfNotOk, type HttpMethod } from '@/api/http';

export interface EventStreamHandlers {
  /** A piece of the text as it is written. */
  onDelta: (text: string) => void;
  /** The job started over (a retry): the text so far is void. */
  onReset: () => void;
}

// An `error` event has no HTTP status; the server's sentence is what the user sees, as for a JSON error.
const STREAM_ERROR_STATUS = 502;
const CUT_SHORT = 'The connection closed before the answer was complete. Please try again.';

/**
 * A request answered as Server-Sent Events (docs/api.md, "Event streams"): `delta` pieces go to the handlers,
 * and the promise resolves with the `done` event's JSON, the same answer the plain request gives. An error
 * found before the stream began (JSON, with its status) and an `error` event both throw an ApiError whose
 * server message toasts show, as for plain requests. (EventSource cannot POST, so this reads fetch's body.)
 */
export async function requestEventStream<T>(
  method: HttpMethod,
  url: string,
  body: unknown,
  handlers: EventStreamHandlers,
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  if (!res.headers.get('Content-Type')?.startsWith('text/event-stream') || !res.body)
    return (await res.json()) as T;

  for await (const value of serverEvents(res.body)) {
    switch (value.event ?? '') {
      case 'delta':
        handlers.onDelta((JSON.parse(value.data) as { text: string }).text);
        break;
      case 'reset':
        handlers.onReset();
        break;
      case 'done':
        return JSON.parse(value.data) as T;
      case 'error':
        throw new ApiError(STREAM_ERROR_STATUS, value.data, '');
      default:
        break;
    }
  }
  throw cutShort();
}

/** The stream ended before its last event. */
export const cutShort = () => new ApiError(STREAM_ERROR_STATUS, JSON.stringify({ message: CUT_SHORT }), '');

/** The events of a body sent as Server-Sent Events, as they come; reading stops when the loop is left. */
export async function* serverEvents(body: ReadableStream<BufferSource>): AsyncGenerator<EventSourceMessage> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
