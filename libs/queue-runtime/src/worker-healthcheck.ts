import { hostname } from 'node:os';
import { QUEUE_NAMES, type QueueName } from '@lectern/contracts';
import { BaseEnvSchema, parseEnv } from './config';
import { hostHasHeartbeat } from './heartbeat';
import { createRedis } from './redis';

/**
 * A container healthcheck for worker processes: healthy while this host's worker of the given service keeps
 * its heartbeat alive in Redis. Usage: `node libs/queue-runtime/dist/worker-healthcheck.js ai`.
 */
async function main(): Promise<number> {
  const service = process.argv[2] as QueueName | undefined;
  if (!service || !QUEUE_NAMES.includes(service)) {
    process.stderr.write(`usage: worker-healthcheck <${QUEUE_NAMES.join('|')}>\n`);
    return 2;
  }
  const env = parseEnv(BaseEnvSchema, process.env);
  const redis = createRedis(env, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    return (await hostHasHeartbeat(redis, env.REDIS_PREFIX, service, hostname())) ? 0 : 1;
  } finally {
    redis.disconnect();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    () => process.exit(1),
  );
}
