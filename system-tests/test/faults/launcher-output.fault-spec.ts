import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// What the launcher behind npm start / dev / demo shows: its log lines (scripts/log-lines.mjs) and the banner
// once Lectern is ready (scripts/ready-banner.mjs). The scripts are ES modules, so each check runs in a node.
const SCRIPTS = path.resolve(__dirname, '../../../scripts');
const moduleUrl = (name: string) => JSON.stringify(pathToFileURL(path.join(SCRIPTS, name)).href);

/** The JSON value `expression` has in a node that imported `names` from the script `module`. */
function evaluate<T>(module: string, names: string, expression: string): T {
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { ${names} } from ${moduleUrl(module)};
       process.stdout.write(JSON.stringify(await (${expression})));`,
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH, TZ: 'UTC' } },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

/** How each of `lines` is shown by a formatter with these options. */
function shown(options: { pretty: boolean; colour: boolean }, lines: string[]): string[] {
  return evaluate(
    'log-lines.mjs',
    'lineFormatter',
    `${JSON.stringify(lines)}.map(lineFormatter(${JSON.stringify(options)}))`,
  );
}

// 2026-11-23 01:06:49.003 UTC
const TIME = 1795482409003;
const event = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: TIME, pid: 42, hostname: 'box', service: 'mail-worker', ...fields });

describe('the launcher’s log lines', () => {
  it('shows a pino event as one line: time, level, message and its fields, without what the prefix says', () => {
    expect(
      shown({ pretty: true, colour: false }, [event({ concurrency: 4, msg: 'mail worker ready' })]),
    ).toEqual(['[01:06:49.003] INFO: mail worker ready {"concurrency":4}']);
    expect(
      shown({ pretty: true, colour: false }, [
        event({ level: 40, jobId: 'j1', job: 'reconcile', reason: 'down', msg: 'job failed' }),
      ]),
    ).toEqual(['[01:06:49.003] WARN: job failed {"jobId":"j1","job":"reconcile","reason":"down"}']);
  });

  it('leads with Nest’s context and folds a finished request into the message', () => {
    const [nest, request] = shown({ pretty: true, colour: false }, [
      event({ context: 'NestApplication', msg: 'Nest application successfully started' }),
      event({
        requestId: 'r-1',
        req: { id: 'r-1', method: 'GET', url: '/api/videos', headers: { host: 'x' } },
        res: { statusCode: 200, headers: {} },
        responseTime: 12,
        msg: 'request completed',
      }),
    ]);
    expect(nest).toBe('[01:06:49.003] INFO: NestApplication: Nest application successfully started');
    expect(request).toBe(
      '[01:06:49.003] INFO: request completed: GET /api/videos → 200 in 12 ms {"requestId":"r-1"}',
    );
  });

  it('shows an error’s stack on the lines after the event', () => {
    const [line] = shown({ pretty: true, colour: false }, [
      event({
        level: 50,
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at work (job.js:1:1)' },
        msg: 'job crashed',
      }),
    ]);
    const [first, ...rest] = line!.split('\n');
    expect(first).toBe('[01:06:49.003] ERROR: job crashed');
    expect(rest.join('\n')).toContain('at work (job.js:1:1)');
  });

  it('colours the level when colour is on', () => {
    const [line] = shown({ pretty: true, colour: true }, [event({ msg: 'ready' })]);
    // eslint-disable-next-line no-control-regex
    expect(line).toMatch(/\u001b\[\d+m/);
  });

  it('passes lines that are not pino events unchanged', () => {
    const lines = [
      '[12:00:00] Found 0 errors. Watching for file changes.',
      '  VITE v7.0.0  ready in 300 ms',
      '{"not":"a log event"}',
      '{ broken',
      '',
    ];
    expect(shown({ pretty: true, colour: true }, lines)).toEqual(lines);
  });

  it('passes every line unchanged when readable lines are off', () => {
    const lines = [event({ msg: 'mail worker ready' }), 'plain text'];
    expect(shown({ pretty: false, colour: true }, lines)).toEqual(lines);
  });

  it.each([
    [{ isTTY: true }, {}, true],
    [{ isTTY: true }, { NODE_ENV: 'development' }, true],
    [{ isTTY: true }, { NODE_ENV: 'production' }, false],
    [{ isTTY: false }, {}, false],
    [{}, {}, false],
  ])('readable lines for stdout %j and environment %j: %s', (stdout, env, wanted) => {
    expect(
      evaluate(
        'log-lines.mjs',
        'prettyLogsWanted',
        `prettyLogsWanted(${JSON.stringify(stdout)}, ${JSON.stringify(env)})`,
      ),
    ).toBe(wanted);
  });

  it('relays each line a formatting makes, after the process’s prefix', () => {
    const commands = [
      {
        name: 'mail',
        color: 'red',
        command: process.execPath,
        args: [
          '-e',
          `console.log(${JSON.stringify(event({ msg: 'mail worker ready' }))}); console.log('plain')`,
        ],
      },
    ];
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { supervise } from ${moduleUrl('supervise.mjs')};
         import { lineFormatter } from ${moduleUrl('log-lines.mjs')};
         const formatLine = lineFormatter({ pretty: true, colour: false });
         const done = supervise(${JSON.stringify(commands)}, { formatLine });
         setTimeout(() => process.kill(process.pid, 'SIGTERM'), 1500);
         await done;`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH, TZ: 'UTC' }, timeout: 20_000 },
    );
    expect(result.stdout).toContain('[mail] [01:06:49.003] INFO: mail worker ready\n[mail] plain\n');
  });
});

describe('the banner once Lectern is ready', () => {
  const banner = (options: Record<string, unknown>) =>
    evaluate<string[]>('ready-banner.mjs', 'readyBanner', `readyBanner(${JSON.stringify(options)})`);

  it('says where Lectern answers under npm start', () => {
    expect(banner({ mode: 'start', appUrl: 'http://localhost:3000' })).toEqual([
      'Lectern is ready at http://localhost:3000',
    ]);
  });

  it('adds the hot-reloading web app and the mails page under npm run dev', () => {
    expect(banner({ mode: 'dev', appUrl: 'http://localhost:3000' })).toEqual([
      'Lectern is ready at http://localhost:3000',
      '  Web app with hot reload: http://localhost:5173',
      '  Mails it sends: http://localhost:3000/dev/mail',
    ]);
  });

  it('adds the mails page and the sample videos under npm run demo', () => {
    const samples = [
      { title: 'Photosynthesis', youtubeId: 'phtsynth101' },
      { title: 'Hash tables', youtubeId: 'hashtables1' },
    ];
    expect(banner({ mode: 'demo', appUrl: 'http://localhost:3000', samples })).toEqual([
      'Lectern is ready at http://localhost:3000',
      '  Mails it sends: http://localhost:3000/dev/mail',
      '  Sample videos to analyse:',
      '    Photosynthesis  https://www.youtube.com/watch?v=phtsynth101',
      '    Hash tables     https://www.youtube.com/watch?v=hashtables1',
    ]);
  });

  it('says which engine writes the study material', () => {
    const aiEngine = { engine: 'openai', model: 'llama3.2:latest', server: '127.0.0.1:11434' };
    expect(banner({ mode: 'start', appUrl: 'http://localhost:3000', aiEngine })).toEqual([
      'Lectern is ready at http://localhost:3000',
      '  Study material written by llama3.2:latest (127.0.0.1:11434)',
    ]);
    const offline = { engine: 'offline', model: 'lectern-extractive-1', server: null };
    expect(banner({ mode: 'start', appUrl: 'http://localhost:3000', aiEngine: offline })[1]).toMatch(
      /^ {2}Study material: the offline engine .*OPENAI_API_KEY or a local model server/,
    );
  });

  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '3400' }, 'http://localhost:3400'],
    [{ PORT: '3400', APP_URL: 'https://lectern.example/' }, 'https://lectern.example'],
  ])('names APP_URL or the local port (environment %j)', (env, url) => {
    expect(evaluate('ready-banner.mjs', 'appUrlOf', `appUrlOf(${JSON.stringify(env)})`)).toBe(url);
  });

  it('waits for the readiness route to answer 200', () => {
    const answers = evaluate<number[]>(
      'ready-banner.mjs',
      'whenReady',
      `(async () => {
         const { createServer } = await import('node:http');
         const statuses = [503, 503, 200];
         const seen = [];
         const server = createServer((req, res) => {
           const status = statuses.shift() ?? 200;
           seen.push(status);
           res.writeHead(status).end();
         });
         await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
         const ready = await whenReady('http://127.0.0.1:' + server.address().port + '/api/health/ready', { intervalMs: 10 });
         server.close();
         return ready ? seen : [];
       })()`,
    );
    expect(answers).toEqual([503, 503, 200]);
  });

  it('gives up when the launcher stops first', () => {
    expect(
      evaluate(
        'ready-banner.mjs',
        'whenReady',
        `whenReady('http://127.0.0.1:9/api/health/ready', { intervalMs: 10, givenUp: () => true })`,
      ),
    ).toBe(false);
  });
});
