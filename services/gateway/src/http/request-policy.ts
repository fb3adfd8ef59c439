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
 * State-changing API requests from another site are refused (403), and their bodies must be JSON (415).
 * Browsers always send Origin on cross-site POSTs, so a present, foreign Origin is the signal.
 */
export function requestPolicy(env: GatewayEnv): RequestHandler {
  const allowedOrigin = new URL(env.APP_URL).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== allowedOrigin) {
      res.status(403).json({ message: 'Requests from other sites are not allowed.' });
      return;
    }
    // Mounted under /api, so req.path lacks the mount point: match the full path.
    if (!RAW_BODY_PATHS.has(req.baseUrl + req.path) && hasBody(req) && !req.is('application/json')) {
      res.status(415).json({ message: 'Requests must be sent as JSON (Content-Type: application/json).' });
      return;
    }
    next();
  };
}
