import { laneQueueName, type QueueName } from '@lectern/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { isAlive, startLauncher, type RunningLauncher } from './support/launcher';
import {
  signUp,
  startDrillWorld,
  until,
  waitReady,
  WORKERS,
  type ApiUser,
  type DrillWorld,
} from './support/process-stack';

const link = (id: string) => ({ youtubeUrl: `https://www.youtube.com/watch?v=${id}` });
const ADMIN_EMAIL = 'launcher-drill-admin@example.com';
const KILLED_MID_JOB = ['transcripts', 'ai', 'export'] as const;

// `npm start` under kill -9: the launcher restarts whichever process died (the gateway included) with
// back-off, the others keep serving, jobs the dead worker was running complete after its restart, and
// SIGTERM to the launcher still stops everything gracefully.
describe('fault drill: kill -9 under the launcher', () => {
  let world: DrillWorld;
  let launcher: RunningLauncher;
  let redis: Redis;
  let admin: ApiUser;

  beforeAll(async () => {
    world = await startDrillWorld({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    redis = new Redis(world.env.REDIS_URL!, { maxRetriesPerRequest: null });
    launcher = startLauncher(world);
    await waitReady(world, 90_000);
    admin = await signUp(world, 'admin', ADMIN_EMAIL);
    // An ADMIN_EMAILS address is an admin once confirmed, as its owner would by following the mailed link.
    await world.sql('UPDATE users SET email_verified_at = now() WHERE email = $1', [ADMIN_EMAIL]);
  });
  afterAll(async () => {
    // Whatever happened, leave no process behind.
    if (launcher) {
      for (const pid of [...launcher.pids.values()].flat()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      if (launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
    }
    redis?.disconnect();
    await world?.cleanUp();
  });

  async function activeJobId(queue: QueueName, lane: 'free' | 'pro'): Promise<string> {
    const handle = new Queue(laneQueueName(queue, lane), {
      connection: redis,
      prefix: world.env.REDIS_PREFIX,
    });
    try {
      const [job] = await until(
        () => handle.getActive(),
        (jobs) => jobs.length > 0,
        30_000,
        `a running ${queue} job`,
      );
      return job!.id!;
    } finally {
      await handle.close();
    }
  }

  async function jobAfterwards(queue: QueueName, lane: 'free' | 'pro', id: string) {
    const handle = new Queue(laneQueueName(queue, lane), {
      connection: redis,
      prefix: world.env.REDIS_PREFIX,
    });
    try {
      const job = await handle.getJob(id);
      return { state: await job?.getState(), stalledCounter: job?.stalledCounter };
    } finally {
      await handle.close();
    }
  }

  /** SIGKILL, after SIGSTOP so that a running job cannot finish in between. */
  function killNow(pid: number): void {
    process.kill(pid, 'SIGSTOP');
    process.kill(pid, 'SIGKILL');
  }

  it('a worker killed mid-job is restarted, the site keeps answering, and its job completes', async () => {
    const free = await signUp(world, 'launcher-free');
    const pro = await signUp(world, 'launcher-pro');
    await world.sql(`UPDATE users SET plan = 'pro' WHERE id = $1`, [pro.id]);
    const lecture = await free.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    expect(lecture.status).toBe(200);
    const long = await pro.call('POST', '/api/transcripts/fetch', link('tenHourLong'));
    expect(long.status).toBe(200);

    // One job running in each of transcripts, ai and export.
    world.youtube.setSlowDelay(1500);
    world.openAi.enqueue({ kind: 'slow', delayMs: 60_000 });
    const fetching = free.call('POST', '/api/transcripts/fetch', link('slowAnswer1'));
    const generating = free.call('POST', '/api/ai/generate', { videoId: lecture.body.id, type: 'summary' });
    const exporting = fetch(`${world.baseUrl}/api/videos/${long.body.id}/export/pdf`, {
      headers: { cookie: pro.cookie },
    });
    const running = {
      transcripts: await activeJobId('transcripts', 'free'),
      ai: await activeJobId('ai', 'free'),
      export: await activeJobId('export', 'pro'),
    };

    // Billing has no job to lose here; it crashes (repeatedly) in the next drill.
    const killed = Object.fromEntries(KILLED_MID_JOB.map((name) => [name, launcher.currentPid(name)]));
    const gateway = launcher.currentPid('gateway');
    for (const pid of Object.values(killed)) killNow(pid);

    // The gateway serves on, signed-in reads included, while the workers are down.
    expect((await fetch(`${world.baseUrl}/api/health`)).status).toBe(200);
    expect((await free.call('GET', `/api/videos/${lecture.body.id}`)).status).toBe(200);

    for (const name of KILLED_MID_JOB) {
      const restarted = await launcher.nextPid(name, killed[name]!);
      expect(isAlive(killed[name]!)).toBe(false);
      expect(isAlive(restarted)).toBe(true);
      expect(launcher.supervisorLines(name)).toContainEqual(
        expect.stringMatching(
          new RegExp(`process ${killed[name]} exited unexpectedly \\(signal SIGKILL\\); restarting in 1 s$`),
        ),
      );
    }

    // The very same gateway process, never stopped along with them.
    expect(launcher.currentPid('gateway')).toBe(gateway);
    expect((await free.call('GET', `/api/videos/${lecture.body.id}`)).status).toBe(200);

    const [fetched, generated, exported] = await Promise.all([fetching, generating, exporting]);
    expect(fetched.status).toBe(200);
    expect(fetched.body.youtubeId).toBe('slowAnswer1');
    expect(generated.status).toBe(200);
    expect(generated.body.outputText).toBeTruthy();
    expect(exported.status).toBe(200);
    expect(
      Buffer.from(await exported.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Each was the job the killed worker held, handed to its restarted successor by stalled-job recovery.
    for (const [queue, id] of Object.entries(running) as [QueueName, string][]) {
      const job = await jobAfterwards(queue, queue === 'export' ? 'pro' : 'free', id);
      expect(job.state).toBe('completed');
      expect(job.stalledCounter).toBeGreaterThanOrEqual(1);
    }
  });

  it('a worker that keeps crashing is restarted ever more slowly, and readiness names it meanwhile', async () => {
    // Killed again as soon as each restart begins, before it reports in: 1 s, 2 s, 4 s, 8 s, then 16 s.
    let pid = launcher.currentPid('billing');
    for (let crash = 0; crash < 5; crash += 1) {
      killNow(pid);
      if (crash < 4) pid = await launcher.nextPid('billing', pid);
    }
    const restartDelays = () =>
      launcher
        .supervisorLines('billing')
        .map((line) => / restarting in (\d+) s$/.exec(line)?.[1])
        .filter(Boolean);
    const delays = await until(
      () => Promise.resolve(restartDelays()),
      (found) => found.length >= 5,
      10_000,
      'the fifth restart to be planned',
    );
    expect(delays).toEqual(['1', '2', '4', '8', '16']);

    // With no billing process alive past its heartbeat's lifetime, readiness says which one is missing,
    // while the rest of the site answers.
    const notReady = await until(
      () => admin.call('GET', '/api/health/ready'),
      (r) => r.status === 503,
      30_000,
      'readiness to report the missing worker',
    );
    expect(JSON.stringify(notReady.body)).toMatch(/billing/);
    expect((await fetch(`${world.baseUrl}/api/health`)).status).toBe(200);

    await launcher.nextPid('billing', pid, 40_000);
    await waitReady(world, 40_000);
  });

  it('a killed gateway is restarted and serves the same signed-in users', async () => {
    const gateway = launcher.currentPid('gateway');
    killNow(gateway);
    const restarted = await launcher.nextPid('gateway', gateway);
    expect(restarted).not.toBe(gateway);
    await until(
      () => fetch(`${world.baseUrl}/api/health`),
      (r) => r.ok,
      60_000,
      'the restarted gateway',
    );
    expect((await admin.call('GET', '/api/auth/me')).status).toBe(200);
    expect(launcher.supervisorLines('gateway')).toContainEqual(
      expect.stringMatching(new RegExp(`process ${gateway} exited unexpectedly \\(signal SIGKILL\\)`)),
    );
  });

  it('SIGTERM to the launcher lets the running job finish and stops every process, cleanly', async () => {
    const user = await signUp(world, 'launcher-stop');
    const video = await user.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    expect(video.status).toBe(200);
    world.openAi.enqueue({ kind: 'slow', delayMs: 3000 });
    const inFlight = user.call('POST', '/api/ai/generate', { videoId: video.body.id, type: 'summary' });
    await activeJobId('ai', 'free');

    const tree = launcher.processTree();
    expect(tree.length).toBeGreaterThanOrEqual(5);
    launcher.child.kill('SIGTERM');
    expect(await launcher.exited).toBe(0);
    expect((await inFlight).status).toBe(200);
    expect([...tree, ...[...launcher.pids.values()].flat()].filter(isAlive)).toEqual([]);
    for (const name of ['gateway', ...WORKERS])
      expect(launcher.supervisorLines(name).at(-1)).toMatch(/stopped \(code 0\)$/);
  });
});
