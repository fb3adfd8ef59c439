// `npm test` on any machine: the tests use the machine's PostgreSQL and Redis on their usual addresses
// (127.0.0.1:5432 and :6379), and where one does not answer, a server of Lectern's own started for this run
// (scripts/embedded/, throwaway data), whose address every test process reads from LECTERN_TEST_POSTGRES_URL /
// LECTERN_TEST_REDIS_URL (see jest.preset.cjs).
//
//   node scripts/test-with-servers.mjs <command> [args…]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_POSTGRES, DEFAULT_REDIS, startEmbeddedServers } from './embedded/servers.mjs';
import { answersAt } from './embedded/process-tools.mjs';

const [command, ...args] = process.argv.slice(2);
const env = { ...process.env };

const [postgresAnswers, redisAnswers] = await Promise.all([
  env.LECTERN_TEST_POSTGRES_URL ? true : answersAt(DEFAULT_POSTGRES.host, DEFAULT_POSTGRES.port),
  env.LECTERN_TEST_REDIS_URL ? true : answersAt(DEFAULT_REDIS.host, DEFAULT_REDIS.port),
]);
const wanted = { postgres: !postgresAnswers, redis: !redisAnswers };

let servers = null;
if (wanted.postgres || wanted.redis) {
  const names = [wanted.postgres && 'PostgreSQL', wanted.redis && 'Redis'].filter(Boolean).join(' and ');
  process.stdout.write(
    `No ${names} answering on the usual address: the tests use Lectern's own for this run\n`,
  );
  // PostgreSQL runs as nobody when we are root: its folder must be reachable by others.
  const dataFolder = mkdtempSync(path.join(tmpdir(), 'lectern-test-servers-'));
  chmodSync(dataFolder, 0o755);
  servers = await startEmbeddedServers({
    wanted,
    dataFolder,
    persistent: false,
    say: (message) => process.stdout.write(`${message}\n`),
  });
  if (servers.failure) {
    process.stdout.write(`The tests cannot run: ${servers.failure}\n`);
    process.exit(1);
  }
  if (servers.postgresServerUrl) env.LECTERN_TEST_POSTGRES_URL = servers.postgresServerUrl;
  if (servers.redisUrl) {
    env.LECTERN_TEST_REDIS_URL = servers.redisUrl;
    // Some drills start Redis servers of their own: the same redis-server.
    env.PATH = `${path.dirname(servers.redisBinary)}${path.delimiter}${env.PATH ?? ''}`;
  }
}

const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) =>
  child.once('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1))),
);
await servers?.stop();
process.exit(code);
