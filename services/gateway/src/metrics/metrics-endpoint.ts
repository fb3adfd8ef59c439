import { createServer, type Server, type ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { isAdmin } from '../auth/admin-only';
import { MetricsService } from './metrics.service';

export const METRICS_PATH = '/metrics';

/** Same rule as Bull Board: signed-out visitors are asked to sign in (401), other users see nothing (404). */
function adminsOnly(req: Request, res: Response, next: NextFunction): void {
  if (!req.isAuthenticated()) {
    res.status(401).json({ message: 'Please sign in to continue.' });
    return;
  }
  if (!isAdmin(req)) {
    res.status(404).json({ message: 'Not found.' });
    return;
  }
  next();
}

async function answer(metrics: MetricsService, res: ServerResponse): Promise<void> {
  const { contentType, body } = await metrics.scrape();
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

/** GET /metrics on the gateway's own port, for admins (signed in, e.g. a browser or a scraper with a session). */
export function mountMetrics(app: NestExpressApplication): void {
  const metrics = app.get(MetricsService);
  app.use(METRICS_PATH, (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    adminsOnly(req, res, () => {
      answer(metrics, res).catch(next);
    });
  });
}

/**
 * The same metrics with no sign-in on their own port, for scrapers that cannot sign in. Only /metrics is
 * served there; the port must stay on the private network (never published to the internet).
 */
export function startMetricsServer(metrics: MetricsService, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const urlPath = (req.url ?? '').split('?')[0];
    if (urlPath !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: Lectern serves /metrics here.\n');
      return;
    }
    answer(metrics, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('The metrics could not be collected.\n');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
