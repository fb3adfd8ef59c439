// Runs long-lived processes side by side with prefixed, coloured output. A process that exits while nobody
// asked it to is restarted after a back-off (1 s, doubling to 30 s, back to 1 s once it has run for a minute),
// so one crash never takes the others down. SIGINT, SIGTERM or SIGHUP stops them all gracefully.
import { spawn } from 'node:child_process';
import { styleText } from 'node:util';

export const DEFAULT_BACKOFF = { firstDelayMs: 1_000, maxDelayMs: 30_000, healthyAfterMs: 60_000 };
/** Beyond this, a process that ignored the stop signal is killed. */
const STOP_GRACE_MS = 30_000;
/** sysexits' EX_CONFIG: the process refused its configuration, and restarting it will not change that. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/** The wait before the next start of a process that just exited after `uptimeMs`. */
export function restartDelay(previousDelayMs, uptimeMs, backoff = DEFAULT_BACKOFF) {
  if (previousDelayMs === undefined || uptimeMs >= backoff.healthyAfterMs) return backoff.firstDelayMs;
  return Math.min(previousDelayMs * 2, backoff.maxDelayMs);
}

export function colourEnabled() {
  if (process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR !== undefined) return process.env.FORCE_COLOR !== '0';
  return Boolean(process.stdout.isTTY && process.stdout.hasColors?.());
}

/** Writes each complete line of `stream` to `out`, as `formatLine` shows it (one or more lines), after the prefix. */
function relayLines(stream, out, prefix, formatLine) {
  let partial = '';
  const write = (line) => {
    for (const shown of formatLine(line).split('\n')) out.write(`${prefix} ${shown}\n`);
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) write(line);
  });
  stream.on('end', () => {
    if (partial) write(partial);
    partial = '';
  });
}

const seconds = (ms) => `${ms / 1000} s`;
const describeExit = (code, signal) => (signal ? `signal ${signal}` : `code ${code}`);

/**
 * Starts every command ({ name, color, command, args, followsLauncher }) and keeps it running until a stop signal.
 * `formatLine` turns each line a process prints into what is shown (see log-lines.mjs); unchanged by default.
 * Resolves with the launcher's exit code: 0 when every process stopped cleanly.
 */
export function supervise(
  commands,
  { backoff = DEFAULT_BACKOFF, stopGraceMs = STOP_GRACE_MS, formatLine = (line) => line } = {},
) {
  const colour = colourEnabled();
  const width = Math.max(...commands.map((c) => c.name.length));
  const childEnv =
    colour && process.env.FORCE_COLOR === undefined ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  let stopping = false;
  let failed = false;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  const processes = commands.map((command) => {
    const label = `[${command.name.padEnd(width)}]`;
    return {
      ...command,
      prefix: colour ? styleText(command.color, label) : label,
      child: null,
      startedAt: 0,
      delayMs: undefined,
      restartTimer: null,
    };
  });
  const say = (proc, message) => process.stdout.write(`${proc.prefix} ${message}\n`);

  const settleIfAllStopped = () => {
    if (stopping && processes.every((p) => p.child === null && p.restartTimer === null))
      finish(failed ? 1 : 0);
  };

  const start = (proc) => {
    proc.restartTimer = null;
    // Its own process group, so a stop reaches whatever the command itself starts (npx, npm, watchers).
    // A command that `followsLauncher` gets an IPC channel, which closes when the launcher dies, however it
    // dies: Lectern's processes then stop (a command that knows nothing of it runs under follow-launcher.mjs).
    const child = spawn(proc.command, proc.args, {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe', ...(proc.followsLauncher ? ['ipc'] : [])],
      detached: true,
    });
    proc.child = child;
    proc.startedAt = Date.now();
    relayLines(child.stdout, process.stdout, proc.prefix, formatLine);
    relayLines(child.stderr, process.stderr, proc.prefix, formatLine);
    if (child.pid !== undefined) say(proc, `process ${child.pid} started`);
    let exited = false;
    const onExit = (code, signal) => {
      if (exited) return;
      exited = true;
      proc.child = null;
      exitedProcess(proc, child.pid, code, signal);
    };
    child.once('exit', onExit);
    child.once('error', (error) => {
      say(proc, `could not start: ${error.message}`);
      onExit(1, null);
    });
  };

  const exitedProcess = (proc, pid, code, signal) => {
    if (stopping) {
      if (code !== 0 && signal !== 'SIGINT' && signal !== 'SIGTERM') failed = true;
      say(proc, `process ${pid ?? ''} stopped (${describeExit(code, signal)})`);
      settleIfAllStopped();
      return;
    }
    if (code === CONFIG_ERROR_EXIT_CODE) {
      say(proc, `process ${pid} refused its configuration (code ${code}); stopping everything`);
      failed = true;
      stop('SIGTERM');
      return;
    }
    proc.delayMs = restartDelay(proc.delayMs, Date.now() - proc.startedAt, backoff);
    say(
      proc,
      `process ${pid ?? ''} exited unexpectedly (${describeExit(code, signal)}); restarting in ${seconds(proc.delayMs)}`,
    );
    proc.restartTimer = setTimeout(() => start(proc), proc.delayMs);
  };

  const signalGroup = (proc, signal) => {
    try {
      process.kill(-proc.child.pid, signal);
    } catch {
      // already gone
    }
  };

  const stop = (signal) => {
    const first = !stopping;
    stopping = true;
    for (const proc of processes) {
      if (proc.restartTimer) clearTimeout(proc.restartTimer);
      proc.restartTimer = null;
      if (proc.child) signalGroup(proc, signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    }
    if (first) {
      setTimeout(() => {
        for (const proc of processes) {
          if (!proc.child) continue;
          say(proc, `process ${proc.child.pid} did not stop within ${seconds(stopGraceMs)}; killing it`);
          signalGroup(proc, 'SIGKILL');
          failed = true;
        }
      }, stopGraceMs).unref();
    }
    settleIfAllStopped();
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  // A closed terminal or pipe must not kill the launcher and leave its processes unsupervised.
  for (const out of [process.stdout, process.stderr]) out.on('error', () => undefined);
  for (const proc of processes) start(proc);
  return finished;
}
