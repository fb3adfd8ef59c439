// Every Lectern service in one Node process (LECTERN_PROCESSES=one, `npm start -- --one-process`): the gateway,
// then the transcripts, ai, export, billing, mail and media workers, each through the same code as its own process
// (services/<name>/dist: the gateway's server, each worker's `worker.js` with its `create<Name>Runtime`), with its
// own configuration schema read from this one environment and its own logger name. SIGINT/SIGTERM stops the
// gateway first (requests finish), then the workers (jobs not started go back to the queue).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runInOneProcess, workerPart } = require('../libs/queue-runtime/dist');

export const WORKER_SERVICES = ['transcripts', 'ai', 'export', 'billing', 'mail', 'media'];

await runInOneProcess({
  stages: () => {
    const { gatewayPart } = require('../services/gateway/dist/gateway-server.js');
    const workers = WORKER_SERVICES.map((name) => {
      const service = require(`../services/${name}/dist/worker.js`)[`${name}Worker`];
      return workerPart(service, process.env);
    });
    return [[gatewayPart(process.env)], workers];
  },
});
