import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  compressedCopyOf,
  listPrecompressedFiles,
  precompressedFile,
  type PrecompressedFile,
} from './precompressed';

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

/** Set while a request is answered with a compressed copy of the file it asked for. */
interface PrecompressedLocals {
  precompressed?: PrecompressedFile & { originalPath: string };
}

/**
 * Serves the built web app: its files, and index.html for every other page path so the app's router (and
 * its 404 card) handles it. /api paths never reach this.
 */
export function spaHandler(distDir: string): RequestHandler {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const assets = express.static(root, {
    index: false,
    setHeaders: (res: Response<unknown, PrecompressedLocals>, filePath) => {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      const precompressed = res.locals.precompressed;
      if (precompressed) {
        // The type of the file asked for, not of its .br/.gz copy.
        res.type(path.extname(precompressed.originalPath));
        res.setHeader('Content-Encoding', precompressed.encoding);
        res.vary('Accept-Encoding');
      }
    },
  });
  // The web app's files are compressed (a phone on a slow network waits for every byte of JavaScript): the
  // build leaves Brotli and gzip copies next to them; anything without one is compressed on the fly.
  const compress = compression();
  const copies = listPrecompressedFiles(root);
  return (req: Request, res: Response<unknown, PrecompressedLocals>, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    const precompressed = precompressedFile(req, root, copies);
    if (precompressed) {
      res.locals.precompressed = { ...precompressed, originalPath: req.path };
      const query = req.url.indexOf('?');
      req.url = precompressed.urlPath + (query === -1 ? '' : req.url.slice(query));
    }
    compress(req, res, () => serve(req, res));
  };

  function serve(req: Request, res: Response<unknown, PrecompressedLocals>): void {
    assets(req, res, () => {
      if (!existsSync(indexFile)) {
        res
          .status(503)
          .type('text/plain')
          .send('The Lectern web app has not been built yet: run `npm run build`.');
        return;
      }
      res.locals.precompressed = undefined;
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Accept-Encoding');
      // The page is the same bytes for everyone (nothing is put in per request), so the build compresses it once,
      // like the other files: the copy goes out whole, with its Content-Length.
      const copy = compressedCopyOf(req, indexFile, copies);
      if (copy) {
        res.setHeader('Content-Encoding', copy.encoding);
        res.type('html');
      }
      res.sendFile(copy ? indexFile + copy.suffix : indexFile);
    });
  }
}
