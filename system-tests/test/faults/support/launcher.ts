import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { entryOf, until, type DrillWorld } from './process-stack';

const ROOT = path.resolve(__dirname, '../../../..');

/** The launcher's descendants (its children and theirs), read from /proc, whatever the launcher logs. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    for (const child of children.get(pending.pop()!) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** True when `pid` is node running `entry` (not a shell or npm that started it). */
export function runs(pid: number, entry: string): boolean {
  try {
    const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(program ?? '') === 'node' && args.some((arg) => arg.endsWith(entry));
  } catch {
    return false;
  }
}

/** `node launch.mjs start` as a user runs it, with the drill's environment. */
export interface RunningLauncher {
  child: ChildProcess;
  /** Every line the launcher printed (its own and its processes', prefixed). */
  lines: string[];
  /** Every PID each service had, in order, as seen by the drill. */
  pids: Map<string, number[]>;
  exited: Promise<number | null>;
  /** The PID of the running service's entry (`services/<name>/dist/main.js` or `worker.js`) under the launcher. */
  currentPid(name: string): number;
  /** Every process under the launcher now. */
  processTree(): number[];
  /** Waits for a start of `name` after the one with `previousPid`, and returns its PID. */
  nextPid(name: string, previousPid: number, timeoutMs?: number): Promise<number>;
  /** What the launcher itself said about `name` (starts, exits, restarts), without the process's own output. */
  supervisorLines(name: string): string[];
}

/** `args` follow `start`, as `npm start -- <args>` passes them (e.g. `--one-process`). */
export function startLauncher(world: DrillWorld, args: string[] = []): RunningLauncher {
  const child = spawn(process.execPath, [path.join(ROOT, 'launch.mjs'), 'start', ...args], {
    cwd: ROOT,
    env: world.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const pids = new Map<string, number[]>();
  const collect = (stream: NodeJS.ReadableStream) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const currentPid = (name: string) => {
    const entry = entryOf(name);
    const pid = descendants(child.pid!).find((candidate) => runs(candidate, entry));
    if (pid === undefined) throw new Error(`no ${name} process is running`);
    const seen = pids.get(name) ?? [];
    if (!seen.includes(pid)) pids.set(name, [...seen, pid]);
    return pid;
  };
  return {
    child,
    lines,
    pids,
    exited,
    currentPid,
    processTree: () => descendants(child.pid!),
    nextPid: (name, previousPid, timeoutMs = 30_000) =>
      until(
        () => Promise.resolve().then(() => currentPid(name)),
        (pid) => pid !== previousPid,
        timeoutMs,
        `a new ${name} process`,
      ),
    supervisorLines: (name) =>
      lines
        .filter((line) => line.startsWith(`[${name} `) || line.startsWith(`[${name}]`))
        .filter((line) => /\] process \d+ /.test(line)),
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
