import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JobRequester } from '@lectern/queue-runtime';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isAdmin } from '../auth/admin-only';
import { trimForDisplay } from './display-redaction';

export { trimForDisplay } from './display-redaction';

export const BULL_BOARD_PATH = '/admin/queues';
export const READ_ONLY_MESSAGE = 'The queue board is read-only: only failed jobs can be retried.';

// The only writes the board accepts, relative to its mount point: one failed job, or every failed job of a lane.
const RETRY_ONE_JOB = /^\/api\/queues\/([^/]+)\/([^/]+)\/retry$/;
const RETRY_FAILED_JOBS = /^\/api\/queues\/([^/]+)\/retry\/failed$/;

/** Operators only: signed-out visitors are sent to sign in, other users see nothing there (404). */
function adminsOnly(req: Request, res: Response, next: NextFunction): void {
  if (!req.isAuthenticated()) {
    res.redirect(302, '/login');
    return;
  }
  if (!isAdmin(req)) {
    res.status(404).json({ message: 'Not found.' });
    return;
  }
  next();
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The board is for looking: reading is open to admins, retrying failed jobs is the one action. Adding, editing,
 * pausing, emptying, cleaning, promoting or removing jobs would let an operator act as a user (queue a billing
 * job for someone, rewrite whose export a job renders), so every other write is refused here, whatever the UI
 * offers. (Bull Board's own `readOnlyMode` would also turn off retries.)
 */
export function lookOnly(queues: readonly Queue[]): RequestHandler {
  const byName = new Map(queues.map((queue) => [queue.name, queue]));
  const refuse = (res: Response, status: number, message: string) => res.status(status).json({ message });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (req.method !== 'PUT') return refuse(res, 403, READ_ONLY_MESSAGE);
    if (RETRY_FAILED_JOBS.test(req.path)) return next();
    const match = RETRY_ONE_JOB.exec(req.path);
    const queue = match ? byName.get(decoded(match[1]!) ?? '') : undefined;
    const jobId = match ? decoded(match[2]!) : null;
    if (!queue || jobId === null) return refuse(res, 403, READ_ONLY_MESSAGE);
    queue.getJobState(jobId).then(
      (state) => {
        if (state === 'unknown') return refuse(res, 404, 'Job not found.');
        if (state !== 'failed') return refuse(res, 409, 'Only failed jobs can be retried.');
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

export function mountBullBoard(app: NestExpressApplication): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  const queues = app.get(JobRequester).queues();
  const adapters = queues.map((queue) => {
    // Retrying is offered on failed jobs only (the adapter reads this option; its type leaves it out).
    const options = {
      description: `Lectern ${queue.name.replace('-', ' (')} lane)`,
      allowRetries: true,
      allowCompletedRetries: false,
    };
    const adapter = new BullMQAdapter(queue, options);
    adapter.setFormatter('data', (data) => trimForDisplay(data));
    adapter.setFormatter('returnValue', (value) => trimForDisplay(value));
    adapter.setFormatter('progress', (value) => trimForDisplay(value));
    return adapter;
  });
  createBullBoard({
    queues: adapters,
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Lectern queues' } },
  });
  app.use(BULL_BOARD_PATH, adminsOnly, lookOnly(queues), serverAdapter.getRouter());
}
