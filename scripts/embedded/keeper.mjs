// The keeper of the embedded PostgreSQL and Redis: a small process of its own that starts them, tells its
// parent (the launcher, or the test runner) where they listen over the IPC channel, and stops them when told to,
// or when that channel closes because its parent died, however it died (kill -9, out of memory): so no server
// outlives the Lectern that started it.
//
//   node scripts/embedded/keeper.mjs '{"dataFolder": "...", "postgres": true, "redis": true, "persistent": true}'
//
// Messages to the parent: { type: 'progress', message }, { type: 'ready', databaseUrl, redisUrl, redisBinary },
// { type: 'failed', message }. From the parent: { type: 'stop' }.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ServerUnavailable, startEmbeddedPostgres } from './postgres.mjs';
import { startEmbeddedRedis } from './redis.mjs';
import { sleep } from './process-tools.mjs';

/** After the parent vanished, its processes get this long to leave before the servers stop under them. */
const ORPHANED_GRACE_MS = 3_000;

const options = JSON.parse(process.argv[2] ?? '{}');
const send = (message) => {
  if (process.connected) process.send(message);
};
const running = [];
let stopping = null;

function stopAll(patienceMs) {
  stopping ??= (async () => {
    // PostgreSQL's smart shutdown waits for its clients; Redis goes once PostgreSQL is down.
    for (const server of [...running].reverse()) await server.stop(patienceMs).catch(() => undefined);
    if (!options.persistent) rmSync(options.dataFolder, { recursive: true, force: true });
    process.exit(0);
  })();
  return stopping;
}

process.on('message', (message) => {
  if (message?.type === 'stop') void stopAll(10_000);
});
process.on('disconnect', () => void sleep(ORPHANED_GRACE_MS).then(() => stopAll(3_000)));
// Ctrl-C in the terminal reaches the whole foreground group: the parent decides when the servers stop.
for (const signal of ['SIGINT', 'SIGHUP']) process.on(signal, () => undefined);
process.on('SIGTERM', () => void stopAll(5_000));

async function main() {
  mkdirSync(options.dataFolder, { recursive: true });
  const result = {};
  try {
    if (options.redis) {
      const redis = await startEmbeddedRedis({
        dataFolder: path.join(options.dataFolder, 'redis'),
        logFile: path.join(options.dataFolder, 'redis.log'),
        persistent: options.persistent,
        say: (message) => send({ type: 'progress', message }),
      });
      running.push(redis);
      void redis.exited.then(() => unexpectedExit('Redis'));
      Object.assign(result, { redisUrl: redis.url, redisBinary: redis.binary });
    }
    if (options.postgres) {
      const postgres = await startEmbeddedPostgres({
        dataFolder: path.join(options.dataFolder, 'postgres'),
        logFile: path.join(options.dataFolder, 'postgres.log'),
        settings: options.persistent
          ? {}
          : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
      });
      running.push(postgres);
      void postgres.exited.then(() => unexpectedExit('PostgreSQL'));
      Object.assign(result, { databaseUrl: postgres.databaseUrl, postgresServerUrl: postgres.serverUrl });
    }
  } catch (error) {
    const message = error instanceof ServerUnavailable ? error.message : String(error?.stack ?? error);
    send({ type: 'failed', message });
    await stopAll(3_000);
    return;
  }
  send({ type: 'ready', ...result });
}

function unexpectedExit(name) {
  if (stopping) return;
  send({
    type: 'progress',
    message: `the embedded ${name} stopped unexpectedly; see its log in ${options.dataFolder}`,
  });
}

await main();
