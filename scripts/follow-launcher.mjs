// Runs a command that knows nothing of Lectern's launcher (tsc -w, Vite, node --watch) so that it still stops
// when the launcher dies, however it dies: `node scripts/follow-launcher.mjs <command> [args…]`, started by the
// launcher with an IPC channel. When the channel closes, the command's whole process group gets SIGTERM.
// Signals the launcher sends to the group reach the command directly; this process just mirrors its exit.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
child.once('error', (error) => {
  process.stderr.write(`could not start ${command}: ${error.message}\n`);
  process.exit(1);
});
child.once('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  // Stopped by a signal: end the same way, so the launcher sees what it asked for.
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeAllListeners(name);
  process.kill(process.pid, signal);
});
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => {
    try {
      process.kill(-process.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });
}
