// A stand-in ai worker whose jobs take far longer than the request's timeout; the bench kills it mid-job.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './stack.mjs';

const require = createRequire(import.meta.url);
const runtime = require(path.join(root, 'libs/queue-runtime/dist'));
const handlers = {
  ping: async () => {
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    return { service: 'ai', pid: process.pid, receivedAt: Date.now() };
  },
};
await runtime.startQueueWorker({
  queue: 'ai',
  handlers,
  redisUrl: 'redis://127.0.0.1:6379',
  prefix: process.env.REDIS_PREFIX,
  concurrency: 1,
  logger: runtime.createLogger('slow-worker', 'silent'),
});
process.stdout.write('ready\n');
