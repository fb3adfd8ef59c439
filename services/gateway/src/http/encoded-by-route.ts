import type { Response } from 'express';

/** Marks an answer whose encoding its route chose, so the compression middleware leaves it as it is. */
export function markEncodedByRoute(res: Response): void {
  res.locals.encodedByRoute = true;
}

export function isEncodedByRoute(res: Response): boolean {
  return res.locals.encodedByRoute === true;
}
