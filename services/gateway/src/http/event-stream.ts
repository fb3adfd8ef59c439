import type { Request, Response } from 'express';

/** A client asking for Server-Sent Events before JSON (`Accept: text/event-stream`). */
export function wantsEventStream(req: Request): boolean {
  return req.accepts(['application/json', 'text/event-stream']) === 'text/event-stream';
}

/** Comments keep idle connections (and proxies in between) from giving up on a stream during a long wait. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/**
 * A Server-Sent Events answer: the headers, `event:`/`data:` (and `id:`) frames, a `: ping` comment every
 * 15 seconds, and a signal aborted when the client goes away. Compression leaves it alone (see
 * api-compression.ts), and `X-Accel-Buffering: no` asks nginx not to buffer it either.
 */
export class EventStream {
  private readonly disconnected = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: Response,
    headers: Record<string, string> = {},
    heartbeatMs = EVENT_STREAM_HEARTBEAT_MS,
  ) {
    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
      ...headers,
    });
    res.flushHeaders();
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), heartbeatMs);
    this.heartbeat.unref();
    const gone = () => {
      clearInterval(this.heartbeat);
      this.disconnected.abort();
    };
    res.on('close', gone);
    // A client that left while the request was being prepared: its 'close' has been and gone.
    if (res.destroyed || res.socket?.destroyed === true || res.req?.socket?.destroyed === true) gone();
  }

  /** Aborted once the client has gone (or the stream was ended). */
  get signal(): AbortSignal {
    return this.disconnected.signal;
  }

  /** One event; `data` is sent as JSON (one line, as JSON.stringify never writes a raw line break). */
  send(event: string, data: unknown, id?: string): void {
    this.sendJson(event, JSON.stringify(data), id);
  }

  /** One event whose data is JSON already serialised (on one line). */
  sendJson(event: string, json: string, id?: string): void {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${json}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.res.writableEnded) this.res.end();
  }

  private write(text: string): void {
    if (this.signal.aborted || this.res.writableEnded) return;
    this.res.write(text);
  }
}
