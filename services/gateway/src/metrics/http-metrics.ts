import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { BULL_BOARD_PATH } from '../admin/bull-board';
import { METRICS_PATH } from './metrics-endpoint';
import type { MetricsService } from './metrics.service';

/**
 * The route pattern a request matched (`/api/videos/:id`), never its raw URL: ids in labels would make a new
 * time series per video and leak them to whoever reads the metrics.
 */
export function routeLabel(req: Request): string {
  const urlPath = req.originalUrl.split('?')[0] ?? '';
  if (urlPath === BULL_BOARD_PATH || urlPath.startsWith(`${BULL_BOARD_PATH}/`)) return BULL_BOARD_PATH;
  if (urlPath === METRICS_PATH) return METRICS_PATH;
  // Express sets req.route once a route matched; Nest registers its routes with their full pattern, and its
  // not-found handler as the catch-all `/{*path}`, which is no route of Lectern's.
  const route: unknown = (req as { route?: unknown }).route;
  const pattern = route && typeof route === 'object' && 'path' in route ? route.path : undefined;
  if (typeof pattern === 'string' && !pattern.includes('*')) return `${req.baseUrl}${pattern}`;
  if (urlPath === '/api' || urlPath.startsWith('/api/')) return '/api (no route)';
  return '(web app)';
}

/** First in the pipeline, so refusals by the HTTP policy (403, 413, 415, 429) are measured too. */
export function httpMetrics(metrics: MetricsService): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // 'close' also fires when the client goes away before the answer; such requests count as aborted.
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const statusClass = res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted';
      metrics.httpDuration.observe(
        { method: req.method, route: routeLabel(req), status_class: statusClass },
        seconds,
      );
    });
    next();
  };
}
