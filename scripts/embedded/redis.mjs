// A Redis server of Lectern's own: the machine's redis-server if it has one, else one that redis-memory-server
// builds once from Redis's source and caches. Its data (sessions, queues) is kept in its own folder, so a
// restart keeps everyone signed in and no job is lost.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ServerUnavailable } from './postgres.mjs';
import { answersAt, freeLoopbackPort, sleep, tail } from './process-tools.mjs';

const require = createRequire(import.meta.url);
const SYSTEM_FOLDERS = ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];
const INSTALL_HINT =
  'install Redis (Debian/Ubuntu: apt install redis-server; macOS: brew install redis), or set REDIS_URL';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The machine's redis-server: on the PATH, or in the usual system folders. */
export function systemRedisServer() {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SYSTEM_FOLDERS];
  return folders.map((folder) => path.join(folder, 'redis-server')).find(executable) ?? null;
}

/** A redis-server binary: the machine's, or one redis-memory-server builds (and caches) the first time. */
async function redisServerBinary(say) {
  const found = systemRedisServer();
  if (found) return found;
  let RedisBinary;
  try {
    ({ default: RedisBinary } = require('redis-memory-server/lib/util/RedisBinary'));
  } catch {
    throw new ServerUnavailable(`no redis-server found: ${INSTALL_HINT}`);
  }
  // Said only once a build is really under way: where it fails at once (offline), the failure is all there is.
  const building = setTimeout(
    () =>
      say(
        "No redis-server on this machine: building one from Redis's source (about a minute, only the first time)…",
      ),
    1_500,
  );
  // redis-memory-server prints its own progress and errors: the one sentence below says what matters.
  const { log, error: logError, warn } = console;
  console.log = console.error = console.warn = () => undefined;
  try {
    return await RedisBinary.getPath();
  } catch (error) {
    throw new ServerUnavailable(
      `no redis-server found, and building one failed (${tail(error?.message ?? error)}): ${INSTALL_HINT}`,
    );
  } finally {
    clearTimeout(building);
    Object.assign(console, { log, error: logError, warn });
  }
}

/** Starts Redis on a free loopback port, its data in `dataFolder`. Resolves with { url, pid, exited, stop }. */
export async function startEmbeddedRedis({ dataFolder, logFile, persistent = true, say = () => undefined }) {
  const binary = await redisServerBinary(say);
  mkdirSync(dataFolder, { recursive: true });
  const port = await freeLoopbackPort();
  const log = openSync(logFile, 'a');
  const persistence = persistent
    ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '300 1']
    : ['--appendonly', 'no', '--save', ''];
  const child = spawn(
    binary,
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dataFolder,
      '--protected-mode',
      'yes',
      ...persistence,
    ],
    { stdio: ['ignore', log, log] },
  );
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 30_000;
  while (!(await answersAt('127.0.0.1', port, 500))) {
    if (gone || Date.now() > deadline) {
      if (!gone) child.kill('SIGKILL');
      throw new ServerUnavailable(
        `the embedded Redis did not start: ${tail(readFileSync(logFile, 'utf8'))} (its log: ${logFile})`,
      );
    }
    await sleep(50);
  }
  /** SIGTERM (Redis saves its data and exits), then SIGKILL after `patienceMs`. */
  const stop = async (patienceMs = 10_000) => {
    for (const signal of ['SIGTERM', 'SIGKILL']) {
      if (gone) break;
      child.kill(signal);
      await Promise.race([exited, sleep(patienceMs)]);
    }
    await exited;
  };
  return { url: `redis://127.0.0.1:${port}`, binary, pid: child.pid, exited, stop };
}
