import net from 'node:net';
import { isAlive, startLauncher, type RunningLauncher } from './support/launcher';
import { startDrillWorld, until, waitReady, type DrillWorld } from './support/process-stack';

/** True when something accepts connections on the port. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// The launcher itself killed outright (kill -9, the out-of-memory killer): no process it started lives on as
// an orphan holding the port and taking jobs beside the next start's.
describe.each([
  ['a process per service', [], 6],
  ['every service in one process', ['--one-process'], 1],
])('fault drill: the launcher killed with SIGKILL (%s)', (_layout, args: string[], processes: number) => {
  let world: DrillWorld;
  let launcher: RunningLauncher;
  let tree: number[] = [];

  beforeAll(async () => {
    world = await startDrillWorld();
    launcher = startLauncher(world, args);
    await waitReady(world, 90_000);
  });
  afterAll(async () => {
    for (const pid of tree) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    if (launcher?.child.exitCode === null) launcher.child.kill('SIGKILL');
    await world?.cleanUp();
  });

  it('every process it started stops within a few seconds, and the port is free', async () => {
    tree = launcher.processTree();
    expect(tree.length).toBeGreaterThanOrEqual(processes);
    launcher.child.kill('SIGKILL');
    await launcher.exited;

    const left = await until(
      () => Promise.resolve(tree.filter(isAlive)),
      (alive) => alive.length === 0,
      15_000,
      'every process to stop',
    ).catch(() => tree.filter(isAlive));
    expect(left).toEqual([]);
    expect(await portTaken(Number(world.env.PORT))).toBe(false);
  });
});
