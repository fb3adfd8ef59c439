// Which PostgreSQL and Redis Lectern uses: the ones DATABASE_URL and REDIS_URL name; else the ones answering on
// their usual addresses (127.0.0.1:5432 and :6379); else servers of its own, started by a keeper process
// (keeper.mjs) on free loopback ports, their data in one folder.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answersAt } from './process-tools.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEEPER = fileURLToPath(new URL('./keeper.mjs', import.meta.url));
export const DEFAULT_POSTGRES = { host: '127.0.0.1', port: 5432 };
export const DEFAULT_REDIS = { host: '127.0.0.1', port: 6379 };

/** Where Lectern keeps the data of its own servers: LECTERN_DATA_DIR, else .lectern in the repository. */
export function dataFolderOf(env) {
  return path.resolve(ROOT, env.LECTERN_DATA_DIR || '.lectern');
}

/** Which servers are missing: neither configured nor answering on their usual address. */
export async function missingServers(env) {
  const [postgres, redis] = await Promise.all([
    env.DATABASE_URL ? true : answersAt(DEFAULT_POSTGRES.host, DEFAULT_POSTGRES.port),
    env.REDIS_URL ? true : answersAt(DEFAULT_REDIS.host, DEFAULT_REDIS.port),
  ]);
  return { postgres: !postgres, redis: !redis };
}

/**
 * Starts the keeper of the embedded servers listed in `wanted` ({ postgres, redis }) and waits until they answer.
 * Resolves with { databaseUrl?, redisUrl?, redisBinary?, stop(), exited } or { failure } with one sentence.
 * `say` receives progress lines (a Redis being built the first time).
 */
export function startEmbeddedServers({ wanted, dataFolder, persistent = true, say = () => undefined }) {
  // Its own process group: Ctrl-C reaches the launcher, which stops the servers only after every process.
  // The IPC channel is how it learns that its parent died.
  const keeper = fork(KEEPER, [JSON.stringify({ ...wanted, dataFolder, persistent })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const exited = new Promise((resolve) => keeper.once('exit', (code) => resolve(code)));
  return new Promise((resolve) => {
    keeper.on('message', (message) => {
      if (message?.type === 'progress') say(message.message);
      if (message?.type === 'failed') resolve({ failure: message.message });
      if (message?.type === 'ready') {
        const { type: _type, ...urls } = message;
        resolve({
          ...urls,
          keeperPid: keeper.pid,
          exited,
          async stop() {
            if (keeper.connected) keeper.send({ type: 'stop' });
            else keeper.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then((code) =>
      resolve({ failure: `the keeper of the embedded servers exited (code ${code})` }),
    );
  });
}
