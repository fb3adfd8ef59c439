import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { until } from './support/process-stack';

// The launcher's supervisor on its own, with toy processes and a back-off in tenths of a second
// (the launcher uses 1 s doubling to 30 s, reset after a minute of health).
const SUPERVISOR = pathToFileURL(path.resolve(__dirname, '../../../scripts/supervise.mjs')).href;
const BACKOFF = { firstDelayMs: 100, maxDelayMs: 800, healthyAfterMs: 4000 };

interface Toy {
  name: string;
  /** Node code the process runs; `run` is its start count (1, 2, …). */
  code: string;
}

let dir: string;
const running: { child: ChildProcess; exited: Promise<number | null> }[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-supervisor-'));
});
// A failed expectation must not leave a supervisor (and its toys) running.
afterEach(async () => {
  for (const run of running.splice(0)) {
    if (run.child.exitCode === null) run.child.kill('SIGTERM');
    await run.exited;
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function superviseToys(toys: Toy[]) {
  const script = path.join(dir, `run-${Math.random().toString(36).slice(2)}.mjs`);
  const commands = toys.map((toy) => ({
    name: toy.name,
    color: 'green',
    command: process.execPath,
    args: [
      '-e',
      `const fs = require('node:fs'); const file = ${JSON.stringify(path.join(dir, `${toy.name}-${path.basename(script)}.count`))};
       const run = (fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0) + 1;
       fs.writeFileSync(file, String(run));
       ${toy.code}`,
    ],
  }));
  writeFileSync(
    script,
    `import { supervise } from ${JSON.stringify(SUPERVISOR)};
     process.exitCode = await supervise(${JSON.stringify(commands)}, { backoff: ${JSON.stringify(BACKOFF)} });`,
  );
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  running.push({ child, exited });
  const restartDelays = (name: string) =>
    [
      ...output.matchAll(
        new RegExp(
          `^\\[${name}\\s*\\] process \\d+ exited unexpectedly .*; restarting in ([\\d.]+) s$`,
          'gm',
        ),
      ),
    ].map((match) => Number(match[1]));
  return { child, exited, output: () => output, restartDelays };
}

describe('the supervisor behind npm start', () => {
  it('restarts a crashing process after 1, 2, 4 … back-off steps, up to the ceiling, and logs how it exited', async () => {
    const run = superviseToys([{ name: 'crasher', code: 'process.exit(3);' }]);
    const delays = await until(
      () => Promise.resolve(run.restartDelays('crasher')),
      (found) => found.length >= 6,
      20_000,
      'six restarts',
    );
    expect(delays.slice(0, 6)).toEqual([0.1, 0.2, 0.4, 0.8, 0.8, 0.8]);
    expect(run.output()).toMatch(
      /^\[crasher\] process \d+ exited unexpectedly \(code 3\); restarting in 0\.1 s$/m,
    );
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('starts the back-off again from the first step once a process has stayed up long enough', async () => {
    // Runs 1 and 2 crash at once, run 3 stays up past the healthy period, run 4 crashes at once.
    const run = superviseToys([
      {
        name: 'flaky',
        code: 'if (run === 3) setTimeout(() => process.exit(1), 4500); else if (run < 5) process.exit(1); else setInterval(() => {}, 1000);',
      },
    ]);
    const delays = await until(
      () => Promise.resolve(run.restartDelays('flaky')),
      (found) => found.length >= 4,
      20_000,
      'four restarts',
    );
    expect(delays).toEqual([0.1, 0.2, 0.1, 0.2]);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('stops everything, gracefully, when a process refuses its configuration (exit code 78)', async () => {
    const run = superviseToys([
      {
        name: 'steady',
        code: "process.on('SIGTERM', () => { console.log('finishing'); setTimeout(() => process.exit(0), 200); }); setInterval(() => {}, 1000);",
      },
      {
        name: 'misconfigured',
        code: "setTimeout(() => { console.error('Invalid configuration: PORT'); process.exit(78); }, 300);",
      },
    ]);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/^\[misconfigured\] Invalid configuration: PORT$/m);
    expect(run.output()).toMatch(
      /^\[misconfigured\] process \d+ refused its configuration \(code 78\); stopping everything$/m,
    );
    expect(run.output()).toMatch(/^\[steady {7}\] finishing$/m);
    expect(run.output()).toMatch(/^\[steady {7}\] process \d+ stopped \(code 0\)$/m);
    expect(run.restartDelays('misconfigured')).toEqual([]);
  });

  it('on SIGTERM, restarts nothing that was waiting for its back-off and exits once every process stopped', async () => {
    const run = superviseToys([
      {
        name: 'slow',
        code: "process.on('SIGTERM', () => setTimeout(() => process.exit(0), 500)); setInterval(() => {}, 1000);",
      },
      { name: 'crasher', code: 'process.exit(0);' },
    ]);
    await until(
      () => Promise.resolve(run.restartDelays('crasher')),
      (found) => found.length >= 4,
      20_000,
      'the crasher to back off',
    );
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const afterStop = run.output().slice(run.output().lastIndexOf('restarting in'));
    expect(afterStop).not.toMatch(/\[crasher\] process \d+ started/);
    expect(run.output()).toMatch(/^\[slow {3}\] process \d+ stopped \(code 0\)$/m);
  });
});
