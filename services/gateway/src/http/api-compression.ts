import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { isEncodedByRoute } from './encoded-by-route';

/** Compressing costs CPU on every request; under this size the saved bytes are not worth it. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

function compressible(req: Request, res: Response): boolean {
  // Answers with an ETag per encoding choose and apply their encoding themselves (revalidatable-json.ts).
  if (isEncodedByRoute(res)) return false;
  // A server-sent event stream must reach the client event by event, not when a compressor's buffer fills.
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
  // Downloads (exports, the account's data) keep their Content-Length, so the browser shows their progress.
  const disposition = res.getHeader('Content-Disposition');
  if (typeof disposition === 'string' && disposition.startsWith('attachment')) return false;
  // The default filter compresses only types known to be compressible: JSON and text, never PDF or DOCX
  // downloads, which are already compressed.
  return compression.filter(req, res);
}

/**
 * API answers (JSON and text) over 1 KB compressed with Brotli or gzip, as the client's Accept-Encoding
 * prefers; a long video's transcript shrinks several times over, which matters on a phone's network.
 */
export function apiCompression(): RequestHandler {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: compressible });
}
