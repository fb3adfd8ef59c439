// The launcher's small-install layout: with LECTERN_PROCESSES=one (or `--one-process` after `npm start --`,
// `npm run demo --` or `npm run dev --`) the gateway's and the workers' processes become one
// (scripts/one-process.mjs). Everything else the launcher runs (the fake YouTube, tsc watchers, Vite) stays.

export const SERVICE_NAMES = ['gateway', 'transcripts', 'ai', 'export', 'billing', 'mail', 'media'];

/** Whether the services run in one process; anything but `one` or `separate` in LECTERN_PROCESSES is refused. */
export function oneProcessWanted(argv, env) {
  const setting = (env.LECTERN_PROCESSES ?? '').trim().toLowerCase();
  if (setting !== '' && setting !== 'one' && setting !== 'separate')
    throw new Error(
      `LECTERN_PROCESSES must be "one" (every service in one process) or "separate" (a process per service), not "${env.LECTERN_PROCESSES}"`,
    );
  return argv.includes('--one-process') || setting === 'one';
}

/**
 * Replaces the services' node processes in `commands` with one running them all, where the first of them was;
 * in watch mode (`dev`) it restarts when any service's build changes.
 */
export function mergeIntoOneProcess(commands, { node = process.execPath } = {}) {
  const isService = (command) => SERVICE_NAMES.includes(command.name);
  const services = commands.filter(isService);
  if (services.length === 0) return commands;
  const watched = services.flatMap((command) =>
    command.args.filter((arg) => arg.startsWith('--watch-path=')),
  );
  const merged = {
    name: 'lectern',
    color: 'blue',
    command: node,
    args: [...watched, 'scripts/one-process.mjs'],
    // Like each service's own process, it stops when the launcher dies (libs/queue-runtime launcher-link).
    followsLauncher: true,
  };
  const at = commands.findIndex(isService);
  const others = commands.filter((command) => !isService(command));
  others.splice(at, 0, merged);
  commands.splice(0, commands.length, ...others);
  return commands;
}

/**
 * What the launcher calls: the layout LECTERN_PROCESSES or `--one-process` asks for, applied to `commands`; true
 * for one process. A wrong LECTERN_PROCESSES: one line, and exit.
 */
export function applyProcessLayout(commands, argv = process.argv, env = process.env) {
  let one;
  try {
    one = oneProcessWanted(argv, env);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (one) mergeIntoOneProcess(commands);
  return one;
}
