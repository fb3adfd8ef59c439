import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';

export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** An open event stream (a GET answered as Server-Sent Events), its events gathered as they come. */
export interface OpenEventStream {
  status: number;
  events: StreamEvent[];
  body: string;
  ended: Promise<void>;
  request: ClientRequest;
}

export function parseEvents(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '' && !frame.startsWith(':'))
    .map((frame) => {
      const fields = new Map(
        frame
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      return {
        id: fields.get('id'),
        event: fields.get('event') ?? '',
        data: JSON.parse(fields.get('data') ?? 'null'),
      };
    });
}

/** Opens `url` asking for an event stream; resolves once the answer's head is in. */
export function openEventStream(url: string, headers: Record<string, string>): Promise<OpenEventStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { headers: { accept: 'text/event-stream', ...headers } },
      (res: IncomingMessage) => {
        let body = '';
        const reader: OpenEventStream = {
          status: res.statusCode ?? 0,
          get events() {
            return parseEvents(body);
          },
          get body() {
            return body;
          },
          ended: new Promise((done) => res.on('close', done)),
          request,
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        resolve(reader);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
