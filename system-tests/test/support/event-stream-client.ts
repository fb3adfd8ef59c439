import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamedEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface EventStreamResponse {
  status: number;
  headers: Headers;
  /** The events, as they arrive (each resolves once read); empty for a JSON answer. */
  events: AsyncGenerator<StreamedEvent>;
  /** The JSON body when the answer is not an event stream. */
  json(): Promise<unknown>;
  abort(): void;
}

/** A request over a real connection (fetch), its Server-Sent Events read one by one as a browser would. */
export async function requestEventStream(
  url: string,
  init: { method?: string; cookie: string; body?: unknown; headers?: Record<string, string> },
): Promise<EventStreamResponse> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'text/event-stream',
      cookie: init.cookie,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: controller.signal,
  });
  return {
    status: response.status,
    headers: response.headers,
    events: readEvents(response, controller.signal),
    json: () => response.json(),
    abort: () => controller.abort(),
  };
}

async function* readEvents(response: Response, signal: AbortSignal): AsyncGenerator<StreamedEvent> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(message) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) {
        const message = pending.shift()!;
        yield { event: message.event ?? 'message', id: message.id, data: JSON.parse(message.data) };
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    reader.releaseLock();
  }
}

/** Every event until the stream ends. */
export async function allEvents(stream: EventStreamResponse): Promise<StreamedEvent[]> {
  const events: StreamedEvent[] = [];
  for await (const event of stream.events) events.push(event);
  return events;
}

/** The text the `delta` events carry, joined, starting over at each `reset`. */
export function streamedText(events: StreamedEvent[]): string {
  let text = '';
  for (const event of events) {
    if (event.event === 'reset') text = '';
    if (event.event === 'delta') text += (event.data as { text: string }).text;
  }
  return text;
}
