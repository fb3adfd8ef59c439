import { startLauncher, type RunningLauncher } from './support/launcher';
import { freePort, sleep, startDrillWorld, until, type DrillWorld } from './support/process-stack';

const PASSWORD = 'S3cret-pass';

// A DATABASE_URL or REDIS_URL that is set but answers nothing: each process says so in one line, naming the
// variable, the address (never its password) and what to do, then waits quietly; the launcher says it last.
describe.each(['REDIS_URL', 'DATABASE_URL'] as const)('the launcher with %s at a closed port', (variable) => {
  let world: DrillWorld;
  let launcher: RunningLauncher;
  let closedPort: number;

  beforeAll(async () => {
    world = await startDrillWorld();
    closedPort = await freePort();
    const url =
      variable === 'REDIS_URL'
        ? `redis://:${PASSWORD}@127.0.0.1:${closedPort}`
        : `postgres://lectern:${PASSWORD}@127.0.0.1:${closedPort}/lectern`;
    // As a newcomer runs it: default log level.
    const { LOG_LEVEL: _level, ...env } = world.env;
    launcher = startLauncher({ ...world, env: { ...env, [variable]: url } });
    // Until every process has said it (the gateway, slowest to load, last), then long enough for retries.
    await until(
      () => Promise.resolve(launcher.lines.filter((line) => line.includes(`"variable":"${variable}"`))),
      (said) => said.length >= 6,
      30_000,
      'every process to name the server',
    ).catch(() => undefined);
    await sleep(8_000);
  });
  afterAll(async () => {
    launcher?.child.kill('SIGTERM');
    await launcher?.exited;
    await world?.cleanUp();
  });

  it('prints a handful of lines naming the variable and the address, and restarts nothing', () => {
    if (launcher.lines.length >= 30) console.log(launcher.lines.join('\n'));
    const address = `127.0.0.1:${closedPort}`;
    expect(launcher.lines.length).toBeLessThan(30);
    expect(launcher.lines.join('\n')).not.toContain(PASSWORD);
    const naming = launcher.lines.filter((line) => line.includes(variable) && line.includes(address));
    // The gateway and each worker, once each.
    expect(naming.length).toBeGreaterThanOrEqual(6);
    expect(launcher.lines.filter((line) => / at .*\(.*:\d+:\d+\)/.test(line))).toEqual([]);
    expect(launcher.lines.filter((line) => line.includes('exited unexpectedly'))).toEqual([]);
    // The launcher's own sentence is the last thing shown.
    expect(launcher.lines.filter(Boolean).at(-1)).toMatch(new RegExp(`^Lectern is waiting for ${variable} `));
  });
});
