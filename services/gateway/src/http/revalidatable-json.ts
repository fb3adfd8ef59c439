import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** A strong ETag: a hash of the exact bytes, so any change to the answer (a highlight, notes, an item) changes it. */
export function strongETag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Sends a JSON answer the browser keeps and revalidates: it asks again with If-None-Match each time
 * (`no-cache`) and receives 304 with no body while the answer is unchanged, instead of downloading it again.
 */
export function sendRevalidatableJson(res: Response, json: string): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', strongETag(json));
  // Express answers 304 with no body when the request's If-None-Match matches the ETag set above.
  res.type('application/json').send(json);
}
