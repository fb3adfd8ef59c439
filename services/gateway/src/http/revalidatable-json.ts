import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { preferredEncoding } from './accept-encoding';
import { COMPRESSION_THRESHOLD_BYTES } from './api-compression';
import { markEncodedByRoute } from './encoded-by-route';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The content codings an API answer is sent in; identity is the answer as it is. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** The encoding the client ranks highest by its q-values, Brotli on a tie with gzip; none if it takes neither. */
export function answerEncoding(req: Pick<Request, 'headers'>): AnswerEncoding {
  return preferredEncoding(req, ['br', 'gzip'] as const) ?? 'identity';
}

/**
 * An answer made per request, compressed here: Brotli at quality 5, which costs a few milliseconds a
 * megabyte where the best quality costs seconds, or gzip at its default level.
 */
export async function compressOnTheFly(plain: Buffer, encoding: AnswerEncoding): Promise<Buffer[]> {
  if (encoding === 'br') return [await brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })];
  return [encoding === 'gzip' ? await gzipped(plain) : plain];
}

/** A SHA-1 of content, as an ETag's opaque part. */
export function contentHash(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url');
}

/**
 * The strong ETag of one representation of the content. A strong validator must differ between the
 * representations of a resource, its content codings included (RFC 9110, section 8.8.3), since a cache or a
 * range request takes two answers with the same one for the same bytes: Apache's mod_deflate and mod_brotli
 * likewise mark theirs with `-gzip` and `-br`.
 */
export function representationETag(hash: string, encoding: AnswerEncoding): string {
  return encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
}

/** An answer's bytes; with the hash of what they were made of when it may differ from the one first given. */
export type RevalidatableBody = Buffer[] | { hash: string; parts: Buffer[] };

/**
 * Sends a JSON answer the browser keeps and revalidates: it asks again with If-None-Match each time
 * (`no-cache`) and receives 304 with no body while the answer is unchanged, instead of downloading it again.
 * `body` is only called when the answer is sent, so a revalidation costs no body.
 */
export async function sendRevalidatable(
  req: Request,
  res: Response,
  answer: { hash: string; encoding: AnswerEncoding; body: () => Promise<RevalidatableBody> },
): Promise<void> {
  markEncodedByRoute(res);
  res.vary('Accept-Encoding');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', representationETag(answer.hash, answer.encoding));
  res.type('application/json');
  // Express compares the request's If-None-Match with the ETag set above.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const body = await answer.body();
  const parts = Array.isArray(body) ? body : body.parts;
  // What changed between the check above and the body's read is sent with the ETag of what is sent.
  if (!Array.isArray(body)) res.setHeader('ETag', representationETag(body.hash, answer.encoding));
  if (answer.encoding !== 'identity') res.setHeader('Content-Encoding', answer.encoding);
  res.setHeader(
    'Content-Length',
    parts.reduce((sum, part) => sum + part.length, 0),
  );
  for (const part of parts) res.write(part);
  res.end();
}

/** A JSON answer made per request (a video's AI content): compressed here, in the encoding its ETag names. */
export async function sendRevalidatableJson(req: Request, res: Response, json: string): Promise<void> {
  const plain = Buffer.from(json);
  const encoding = plain.length < COMPRESSION_THRESHOLD_BYTES ? 'identity' : answerEncoding(req);
  await sendRevalidatable(req, res, {
    hash: contentHash(plain),
    encoding,
    body: () => compressOnTheFly(plain, encoding),
  });
}
