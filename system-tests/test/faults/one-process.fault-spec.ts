import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { QUEUE_NAMES } from '@lectern/contracts';
import { readHeartbeats } from '@lectern/queue-runtime';
import { Redis } from 'ioredis';
import { isAlive, runs, startLauncher, type RunningLauncher } from './support/launcher';
import { signUp, startDrillWorld, until, waitReady, type DrillWorld } from './support/process-stack';

const ROOT = path.resolve(__dirname, '../../..');
const link = (id: string) => ({ youtubeUrl: `https://www.youtube.com/watch?v=${id}` });
const ONE_PROCESS_ENTRY = 'scripts/one-process.mjs';

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// A small install: `LECTERN_PROCESSES=one npm start` runs the gateway and every worker in one Node process under
// the launcher, with the same queues and readiness, and Ctrl-C stops it in order, cleanly.
describe('one process for a small install (LECTERN_PROCESSES=one)', () => {
  let world: DrillWorld;
  let launcher: RunningLauncher;
  let redis: Redis;

  beforeAll(async () => {
    world = await startDrillWorld({ env: { LECTERN_PROCESSES: 'one', LOG_LEVEL: 'info' } });
    redis = new Redis(world.env.REDIS_URL!, { maxRetriesPerRequest: null });
    launcher = startLauncher(world);
    await waitReady(world, 120_000);
  }, 150_000);
  afterAll(async () => {
    // Whatever happened, leave no process behind.
    if (launcher) {
      for (const pid of launcher.processTree()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      if (launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
    }
    redis?.disconnect();
    await world?.cleanUp();
  });

  it('serves from exactly one Node process under the launcher, which every worker reports in from', async () => {
    const tree = launcher.processTree();
    expect(tree.map(commandLine)).toEqual([expect.stringContaining(ONE_PROCESS_ENTRY)]);
    const [pid] = tree;
    expect(runs(pid!, ONE_PROCESS_ENTRY)).toBe(true);

    const beats = await readHeartbeats(redis, world.env.REDIS_PREFIX!);
    expect(beats.map((beat) => beat.service).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(new Set(beats.map((beat) => beat.pid))).toEqual(new Set([pid]));
    // Every service logs under its own name, as in its own process.
    const services = new Set(launcher.lines.flatMap((line) => /"service":"([a-z-]+)"/.exec(line)?.[1] ?? []));
    expect([...services].sort()).toEqual([
      'ai-worker',
      'billing-worker',
      'export-worker',
      'gateway',
      'lectern',
      'mail-worker',
      'media-worker',
      'transcripts-worker',
    ]);
  });

  it('analyses a video from YouTube, summarises it and exports it through the HTTP API', async () => {
    const user = await signUp(world, 'one-process');
    // PDF exports are a Pro feature.
    await world.sql(`UPDATE users SET plan = 'pro' WHERE id = $1`, [user.id]);
    const fetchesBefore = world.youtube.requests.length;
    const video = await user.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    expect(video.status).toBe(200);
    expect(video.body.youtubeId).toBe('phtsynth101');
    expect(world.youtube.requests.length).toBeGreaterThan(fetchesBefore);
    const page = await user.call('GET', `/api/videos/${video.body.id}`);
    expect(page.status).toBe(200);
    expect(page.body.transcriptSegments.length).toBeGreaterThan(10);

    const summary = await user.call('POST', '/api/ai/generate', { videoId: video.body.id, type: 'summary' });
    expect(summary.status).toBe(200);
    expect(summary.body.outputText).toBeTruthy();

    const pdf = await fetch(`${world.baseUrl}/api/videos/${video.body.id}/export/pdf`, {
      headers: { cookie: user.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('Ctrl-C stops the gateway once its running request is answered, then the workers; nothing is left', async () => {
    const user = await signUp(world, 'one-process-stop');
    const video = await user.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    expect(video.status).toBe(200);
    world.openAi.enqueue({ kind: 'slow', delayMs: 3000 });
    const inFlight = user.call('POST', '/api/ai/generate', {
      videoId: video.body.id,
      type: 'summary',
    });
    await until(
      () => readHeartbeats(redis, world.env.REDIS_PREFIX!),
      (beats) => beats.some((beat) => beat.service === 'ai' && beat.activeJobs > 0),
      20_000,
      'a running ai job',
    ).catch(() => undefined);
    await until(
      () => Promise.resolve(world.openAi.requests.length),
      (n) => n > 0,
      20_000,
      'the generation to reach the AI provider',
    );

    const tree = launcher.processTree();
    launcher.child.kill('SIGINT');
    expect(await launcher.exited).toBe(0);
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body.outputText).toBeTruthy();
    expect(tree.filter(isAlive)).toEqual([]);
    expect(await portIsFree(Number(world.env.PORT))).toBe(true);
    // Each worker removed its heartbeat on its way out.
    expect(await readHeartbeats(redis, world.env.REDIS_PREFIX!)).toEqual([]);

    const said = launcher.lines.join('\n');
    const order = ['"gateway stopped"', '"ai worker stopped"', '"Lectern stopped"'].map((m) =>
      said.indexOf(m),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(launcher.supervisorLines('lectern').at(-1)).toMatch(/stopped \(code 0\)$/);
  });
});

/** The JSON value `expression` has in a node that imported `names` from a launcher script (scripts/). */
function scriptEvaluates<T>(script: string, names: string, expression: string): T {
  const url = JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts', script)).href);
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { ${names} } from ${url}; process.stdout.write(JSON.stringify(${expression}));`,
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH, TZ: 'UTC' } },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

const layoutEvaluates = <T>(names: string, expression: string) =>
  scriptEvaluates<T>('one-process-layout.mjs', names, expression);

describe('choosing the layout', () => {
  it('runs one process for --one-process or LECTERN_PROCESSES=one, a process per service otherwise', () => {
    const wanted = (argv: string[], env: Record<string, string>) =>
      layoutEvaluates<boolean>(
        'oneProcessWanted',
        `oneProcessWanted(${JSON.stringify(argv)}, ${JSON.stringify(env)})`,
      );
    expect(wanted(['node', 'launch.mjs', 'start', '--one-process'], {})).toBe(true);
    expect(wanted(['node', 'launch.mjs', 'demo'], { LECTERN_PROCESSES: 'one' })).toBe(true);
    expect(wanted(['node', 'launch.mjs', 'start'], {})).toBe(false);
    expect(wanted(['node', 'launch.mjs', 'start'], { LECTERN_PROCESSES: 'separate' })).toBe(false);
  });

  it('in watch mode keeps the compilers and restarts the one process when any service is rebuilt', () => {
    const dev = ['gateway', 'ai'].flatMap((name) => [
      { name: `${name}:tsc`, color: 'gray', command: 'npx', args: ['tsc', '-w'] },
      {
        name,
        color: 'blue',
        command: 'node',
        args: [`--watch-path=services/${name}/dist`, `services/${name}/dist/worker.js`],
      },
    ]);
    const merged = layoutEvaluates<{ name: string; args: string[] }[]>(
      'mergeIntoOneProcess',
      `mergeIntoOneProcess(${JSON.stringify([{ name: 'youtube', args: [] }, ...dev])}, { node: 'node' })`,
    );
    expect(merged.map((command) => command.name)).toEqual(['youtube', 'gateway:tsc', 'lectern', 'ai:tsc']);
    expect(merged[2]!.args).toEqual([
      '--watch-path=services/gateway/dist',
      '--watch-path=services/ai/dist',
      'scripts/one-process.mjs',
    ]);
  });

  it.each([
    ['AI_CONCURRENCY', 'abc', 'AI_CONCURRENCY must be a whole number (got "abc")'],
    ['SMTP_URL', 'mail.example.com', 'SMTP_URL must be an smtp:// or smtps:// URL (got "mail.example.com")'],
    ['PORT', 'abc', 'PORT must be a port number (got "abc")'],
  ])(
    'reads each service’s settings by its own rules: a wrong %s stops the one process with its one line',
    (variable, value, reason) => {
      const result = spawnSync(process.execPath, [path.join(ROOT, ONE_PROCESS_ENTRY)], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, [variable]: value },
        timeout: 60_000,
      });
      expect(result.status).toBe(78);
      expect(result.stderr).toBe(`Invalid configuration: ${reason}\n`);
    },
  );

  it('refuses any other LECTERN_PROCESSES in one line, before starting anything', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'launch.mjs'), 'start'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LECTERN_PROCESSES: 'two' },
      timeout: 20_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'LECTERN_PROCESSES must be "one" (every service in one process) or "separate" (a process per service), not "two"\n',
    );
    expect(result.stdout).toBe('');
  });
});

describe('the one process’s readable log lines', () => {
  // 2026-11-23 01:06:49.003 UTC
  const event = (fields: Record<string, unknown>) =>
    JSON.stringify({ level: 30, time: 1795482409003, pid: 42, hostname: 'box', ...fields });
  const shown = (showService: boolean, lines: string[]) =>
    scriptEvaluates<string[]>(
      'log-lines.mjs',
      'lineFormatter',
      `${JSON.stringify(lines)}.map(lineFormatter({ pretty: true, colour: false, showService: ${showService} }))`,
    );

  it('name the service of each event, which the one prefix cannot', () => {
    const lines = [
      event({ service: 'ai-worker', concurrency: 2, msg: 'ai worker ready' }),
      event({ service: 'gateway', context: 'NestApplication', msg: 'Nest application successfully started' }),
    ];
    expect(shown(true, lines)).toEqual([
      '[01:06:49.003] INFO: ai-worker: ai worker ready {"concurrency":2}',
      '[01:06:49.003] INFO: gateway: NestApplication: Nest application successfully started',
    ]);
    // A process per service: its prefix names it already.
    expect(shown(false, lines)).toEqual([
      '[01:06:49.003] INFO: ai worker ready {"concurrency":2}',
      '[01:06:49.003] INFO: NestApplication: Nest application successfully started',
    ]);
  });
});
