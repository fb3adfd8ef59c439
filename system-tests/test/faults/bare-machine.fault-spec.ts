import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sleep, until } from './support/process-stack';

// Lectern as a newcomer meets it on a laptop with Node and nothing else: a fresh clone, installed, and
// `npm run demo` with no PostgreSQL or Redis configured or answering. It runs in a network namespace of its own
// (unshare -n, root only) where nothing answers on 5432 or 6379, with the machine's PostgreSQL binaries off the
// PATH: Lectern starts servers of its own, and Ctrl-C, or the launcher's death, leaves nothing running.
const ROOT = path.resolve(__dirname, '../../..');
const NEWCOMER = path.join(__dirname, 'support/newcomer.mjs');
const BASE_URL = 'http://127.0.0.1:3000';
const isolated = process.getuid?.() === 0 && ['unshare', 'nsenter', 'ip'].every(onPath);

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

function sh(command: string, cwd = ROOT): void {
  const result = spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

/** The network namespace a process is in (its inode), or null once the process is gone. */
function namespaceOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/net`);
  } catch {
    return null;
  }
}

/** Every process that is in `namespace` or has `folder` in its command line. */
function processesOf(namespace: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (namespaceOf(Number(entry)) === namespace || cmdline.includes(folder))
        found.push(`${entry} ${cmdline}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

interface Demo {
  child: ChildProcess;
  namespace: string;
  output: string[];
  exited: Promise<number | null>;
  /** What the newcomer's steps (support/newcomer.mjs) answered, run inside the demo's namespace. */
  visit(step: string, earlier?: string): Promise<string>;
}

describe(
  isolated
    ? 'a bare machine: npm run demo in a fresh clone'
    : 'a bare machine (needs root, unshare and nsenter)',
  () => {
    let folder: string;
    let clone: string;
    const demos: Demo[] = [];

    beforeAll(() => {
      if (!isolated) return;
      // nobody (whom PostgreSQL runs as when the launcher is root) must be able to enter the clone.
      folder = mkdtempSync(path.join(tmpdir(), 'lectern-newcomer-'));
      chmodSync(folder, 0o755);
      clone = path.join(folder, 'lectern');
      sh(`git clone --quiet ${JSON.stringify(ROOT)} ${JSON.stringify(clone)}`);
      // What npm ci installs, and what the build makes, as hard links: no network, and no minute-long build.
      const installed = spawnSync(
        'sh',
        [
          '-c',
          'for d in node_modules */node_modules */*/node_modules */dist */*/dist; do [ -d "$d" ] && echo "$d"; done',
        ],
        { cwd: ROOT, encoding: 'utf8' },
      ).stdout.split('\n');
      for (const dir of installed.filter(Boolean)) {
        sh(`mkdir -p ${JSON.stringify(path.dirname(path.join(clone, dir)))}`);
        sh(`cp -al ${JSON.stringify(path.join(ROOT, dir))} ${JSON.stringify(path.join(clone, dir))}`);
      }
    });

    afterAll(async () => {
      for (const demo of demos) {
        if (demo.child.exitCode !== null || demo.child.signalCode !== null) continue;
        demo.child.kill('SIGKILL');
        await demo.exited;
      }
      // Whatever a failed run left: end it, then remove the clone.
      for (let round = 0; folder && round < 20; round += 1) {
        const left = demos.flatMap((demo) => processesOf(demo.namespace, folder));
        if (left.length === 0) break;
        for (const line of left) spawnSync('kill', ['-9', line.split(' ')[0]!]);
        await sleep(250);
      }
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    /** `npm run demo`'s launcher (the build is in place already) in a new network namespace. */
    async function startDemo(): Promise<Demo> {
      const system = existsSync('/usr/lib/postgresql')
        ? readdirSync('/usr/lib/postgresql').map((version) =>
            path.join('/usr/lib/postgresql', version, 'bin'),
          )
        : [];
      const pathWithoutPostgres = (process.env.PATH ?? '')
        .split(':')
        .filter((dir) => !dir.includes('postgresql') && !system.includes(dir))
        .join(':');
      const child = spawn('unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec node launch.mjs demo'], {
        cwd: clone,
        // Its own process group, as a terminal's foreground job: Ctrl-C is SIGINT to the whole group.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: pathWithoutPostgres,
          HOME: process.env.HOME ?? '/root',
          NO_COLOR: '1',
          LOG_LEVEL: 'warn',
        },
      });
      const output: string[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const mine = namespaceOf(process.pid);
      const namespace = await until(
        () => Promise.resolve(namespaceOf(child.pid!)),
        (found) => found !== null && found !== mine,
        10_000,
        'the demo’s own network namespace',
      );
      const visit = (step: string, earlier = '') =>
        new Promise<string>((resolve, reject) => {
          const visitor = spawn(
            'nsenter',
            [`--net=/proc/${child.pid}/ns/net`, process.execPath, NEWCOMER, BASE_URL, step, earlier],
            { stdio: ['ignore', 'pipe', 'pipe'] },
          );
          let answer = '';
          let problems = '';
          visitor.stdout.on('data', (chunk: Buffer) => (answer += chunk.toString()));
          visitor.stderr.on('data', (chunk: Buffer) => (problems += chunk.toString()));
          visitor.once('exit', (code) =>
            code === 0
              ? resolve(answer)
              : reject(new Error(`${step}: ${problems}\nLectern printed:\n${output.join('')}`)),
          );
        });
      const demo = { child, namespace: namespace!, output, exited, visit };
      demos.push(demo);
      return demo;
    }

    async function expectNothingLeft(demo: Demo, withinMs: number): Promise<void> {
      const left = await until(
        () => Promise.resolve(processesOf(demo.namespace, folder)),
        (found) => found.length === 0,
        withinMs,
        'every process of the instance to stop',
      ).catch(() => processesOf(demo.namespace, folder));
      expect(left).toEqual([]);
    }

    (isolated ? it : it.skip)(
      'starts its own PostgreSQL and Redis, analyses and summarises a sample, stops on Ctrl-C, keeps the data',
      async () => {
        const first = await startDemo();
        const visit = JSON.parse(await first.visit('first'));
        expect(visit.signup).toBe(201);
        expect(visit.video.status).toBe(200);
        expect(visit.summary.status).toBe(200);
        expect(visit.summary.text.length).toBeGreaterThan(100);
        // The banner follows readiness once the ai worker has said which engine writes (a few seconds at most).
        const shown = await until(
          () => Promise.resolve(first.output.join('')),
          (text) => text.includes('Lectern is ready at'),
          10_000,
          'the ready banner',
        );
        expect(shown).toMatch(
          /Embedded PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:\d+\/lectern, Redis at/,
        );
        expect(shown).toContain(`${clone}/.lectern`);
        expect(existsSync(path.join(clone, '.lectern/postgres/PG_VERSION'))).toBe(true);

        process.kill(-first.child.pid!, 'SIGINT');
        expect(await first.exited).toBe(0);
        await expectNothingLeft(first, 5_000);

        const second = await startDemo();
        const again = JSON.parse(await second.visit('again', JSON.stringify(visit)));
        expect(again.sameSession).toEqual({ status: 200, ids: [visit.video.id] });
        expect(again.login).toBe(200);
        expect(again.library.ids).toEqual([visit.video.id]);

        // The launcher killed outright: every process it started, and the servers, stop within a few seconds.
        process.kill(second.child.pid!, 'SIGKILL');
        await second.exited;
        await expectNothingLeft(second, 15_000);
      },
      300_000,
    );
  },
);
