import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JobRequester } from '@lectern/contracts/runtime';
import type { NextFunction, Request, Response } from 'express';
import type { UserEntity } from '../users/user.entity';

export const BULL_BOARD_PATH = '/admin/queues';
const MAX_SHOWN_STRING = 500;

/** Bull Board freezes on multi-megabyte payloads, and nothing bulky or secret belongs on screen anyway. */
export function trimForDisplay(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_SHOWN_STRING
      ? `${value.slice(0, MAX_SHOWN_STRING)}… (${value.length} characters)`
      : value;
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, 20).map((item) => trimForDisplay(item, depth + 1));
    return value.length > 20 ? [...shown, `… ${value.length - 20} more`] : shown;
  }
  if (value && typeof value === 'object') {
    if (depth > 4) return '…';
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) =>
        /secret|password|token|cookie|authorization|api[-_]?key/i.test(key)
          ? [key, '[redacted]']
          : [key, trimForDisplay(item, depth + 1)],
      ),
    );
  }
  return value;
}

/** Operators only: signed-out visitors are sent to sign in, other users see nothing there (404). */
function adminsOnly(req: Request, res: Response, next: NextFunction): void {
  if (!req.isAuthenticated()) {
    res.redirect(302, '/login');
    return;
  }
  if ((req.user as UserEntity).role !== 'admin') {
    res.status(404).json({ message: 'Not found.' });
    return;
  }
  next();
}

export function mountBullBoard(app: NestExpressApplication): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  const queues = app
    .get(JobRequester)
    .queues()
    .map((queue) => {
      const adapter = new BullMQAdapter(queue, {
        description: `Lectern ${queue.name.replace('-', ' (')} lane)`,
      });
      adapter.setFormatter('data', (data) => trimForDisplay(data));
      adapter.setFormatter('returnValue', (value) => trimForDisplay(value));
      return adapter;
    });
  createBullBoard({ queues, serverAdapter, options: { uiConfig: { boardTitle: 'Lectern queues' } } });
  app.use(BULL_BOARD_PATH, adminsOnly, serverAdapter.getRouter());
}
