/**
 * A process started by Lectern's launcher (launch.mjs) has an IPC channel to it. The channel closes when the
 * launcher dies, however it dies (kill -9, out of memory), and then `stop` runs: the process shuts down
 * gracefully instead of living on as an orphan that holds the port and takes jobs. Without a launcher (Docker,
 * systemd, a test) this does nothing. Call it first thing in a process's main: `stop` may be a function that
 * calls whatever stop the process has by then.
 */
export function stopWhenLauncherGone(stop: (signal: NodeJS.Signals) => void): void {
  if (typeof process.send !== 'function') return;
  if (!process.connected) {
    stop('SIGTERM');
    return;
  }
  // The channel must not keep the process alive on its own, nor stop it from exiting when its work is done.
  process.channel?.unref();
  process.once('disconnect', () => stop('SIGTERM'));
}
