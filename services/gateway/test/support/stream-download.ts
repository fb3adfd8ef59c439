import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface StreamedDownload {
  status: number;
  headers: IncomingMessage['headers'];
  bytes: number;
  /** The first bytes and the last bytes of the body, enough to check a file's start and end. */
  head: Buffer;
  tail: Buffer;
}

/**
 * Downloads without keeping the body: the bytes are counted and handed to onChunk, and the reader pauses now
 * and then like a slow connection. onFirstByte runs when the answer starts (the file is rendered by then).
 */
export function streamDownload(
  url: string,
  cookie: string,
  hooks: { onFirstByte?: () => void; onChunk?: (chunk: Buffer) => void; pauseEveryBytes?: number } = {},
): Promise<StreamedDownload> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { cookie } }, (res) => {
      hooks.onFirstByte?.();
      let bytes = 0;
      let sincePause = 0;
      let head = Buffer.alloc(0);
      let tail = Buffer.alloc(0);
      res.on('data', (chunk: Buffer) => {
        if (head.length < 1024) head = Buffer.concat([head, chunk]).subarray(0, 1024);
        tail = Buffer.concat([tail, chunk]).subarray(-4096);
        bytes += chunk.length;
        hooks.onChunk?.(chunk);
        sincePause += chunk.length;
        if (hooks.pauseEveryBytes && sincePause >= hooks.pauseEveryBytes) {
          sincePause = 0;
          res.pause();
          setTimeout(() => res.resume(), 5);
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, head, tail }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
