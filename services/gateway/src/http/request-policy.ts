import { UPLOADS_PATH } from '@lectern/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GatewayEnv } from '../config/gateway-env';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Stripe posts its signed webhook as it likes; its signature, not the content type, is what we check.
const RAW_BODY_PATHS = new Set(['/api/stripe/webhook']);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * State-changing requests from another site are refused (403), on every path: the API, the queue board and
 * anything mounted later. Browsers always send Origin on cross-site writes, so a present, foreign Origin is
 * the signal.
 */
export function sameOriginWrites(env: GatewayEnv): RequestHandler {
  const allowedOrigin = new URL(env.APP_URL).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== allowedOrigin) {
      res.status(403).json({ message: 'Requests from other sites are not allowed.' });
      return;
    }
    next();
  };
}

/** State-changing API requests with a body must send it as JSON (415 otherwise). */
export function jsonRequestBodies(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    // Mounted under /api, so req.path lacks the mount point: match the full path.
    const path = req.baseUrl + req.path;
    // Recordings are uploaded as bytes (tus PATCH requests, application/offset+octet-stream).
    const raw = RAW_BODY_PATHS.has(path) || path === UPLOADS_PATH || path.startsWith(`${UPLOADS_PATH}/`);
    if (!raw && hasBody(req) && !req.is('application/json')) {
      res.status(415).json({ message: 'Requests must be sent as JSON (Content-Type: application/json).' });
      return;
    }
    next();
  };
}
