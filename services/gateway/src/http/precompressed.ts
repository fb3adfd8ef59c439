import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { preferredEncoding } from './accept-encoding';

/** What the build writes next to each web app file (frontend/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export interface PrecompressedFile {
  encoding: 'br' | 'gzip';
  /** The request path of the compressed copy. */
  urlPath: string;
}

/**
 * Every compressed copy the build left under `distDir`, as absolute paths: listed once at start-up, so serving a
 * file costs no look-up on disk.
 */
export function listPrecompressedFiles(distDir: string): ReadonlySet<string> {
  if (!existsSync(distDir)) return new Set();
  const suffixes = ENCODINGS.map(({ suffix }) => suffix);
  return new Set(
    readdirSync(distDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => suffixes.some((suffix) => name.endsWith(suffix)))
      .map((name) => path.join(distDir, name)),
  );
}

/**
 * The compressed copy the build left for the requested file, in an encoding the client accepts; undefined when
 * there is none (the file is then served as it is, compressed on the fly if worth it).
 */
export function precompressedFile(
  req: Request,
  distDir: string,
  copies: ReadonlySet<string>,
): PrecompressedFile | undefined {
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  const filePath = path.join(distDir, urlPath);
  if (!filePath.startsWith(distDir + path.sep)) return undefined;
  const match = compressedCopyOf(req, filePath, copies);
  return match && { encoding: match.encoding, urlPath: req.path + match.suffix };
}

/** The compressed copy of the file at `filePath` (absolute) the client accepts best, if the build left one. */
export function compressedCopyOf(
  req: Request,
  filePath: string,
  copies: ReadonlySet<string>,
): (typeof ENCODINGS)[number] | undefined {
  const available = ENCODINGS.filter(({ suffix }) => copies.has(filePath + suffix));
  if (available.length === 0) return undefined;
  // By the client's q-values, Brotli (the smaller) on a tie.
  const chosen = preferredEncoding(
    req,
    available.map(({ encoding }) => encoding),
  );
  return available.find(({ encoding }) => encoding === chosen);
}
