import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

export function defaultWebDistDir(): string {
  return path.resolve(__dirname, '../../../../frontend/dist');
}

function isServerPath(urlPath: string): boolean {
  return (
    urlPath === '/api' ||
    urlPath.startsWith('/api/') ||
    urlPath.startsWith('/admin/queues') ||
    urlPath === '/metrics'
  );
}

/**
 * Serves the built web app: its files, and index.html for every other page path so the app's router (and
 * its 404 card) handles it. /api paths never reach this.
 */
export function spaHandler(distDir: string): RequestHandler {
  const indexFile = path.join(distDir, 'index.html');
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // The web app's files are compressed (a phone on a slow network waits for every byte of JavaScript); API
  // answers are not, which keeps the gateway's CPU for requests.
  const compress = compression();
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    compress(req, res, () => serve(req, res));
  };

  function serve(req: Request, res: Response): void {
    assets(req, res, () => {
      if (!existsSync(indexFile)) {
        res
          .status(503)
          .type('text/plain')
          .send('The Lectern web app has not been built yet: run `npm run build`.');
        return;
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexFile);
    });
  }
}
