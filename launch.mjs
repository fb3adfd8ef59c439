// Runs the whole of Lectern in the foreground with prefixed, coloured output: `npm start` (from the build),
// `npm run dev` (watch mode with Vite's hot reload) and `npm run demo` (offline, with sample videos).
// A process that crashes is restarted with back-off while the others keep serving; Ctrl-C stops every
// process gracefully. On a terminal the processes' JSON logs show as readable lines (scripts/log-lines.mjs), and
// a banner says where Lectern answers once the gateway reports ready.
// With no DATABASE_URL / REDIS_URL and nothing answering on PostgreSQL's and Redis's usual addresses, it first
// starts servers of Lectern's own (scripts/embedded/), their data in .lectern (LECTERN_DATA_DIR moves it), and
// stops them after every process has stopped. Every process it starts stops too if the launcher itself dies.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { answersAt } from './scripts/embedded/process-tools.mjs';
import { dataFolderOf, missingServers, startEmbeddedServers } from './scripts/embedded/servers.mjs';
import { lineFormatter, prettyLogsWanted } from './scripts/log-lines.mjs';
import { appUrlOf, printBanner, READINESS_PATH, readyBanner, whenReady } from './scripts/ready-banner.mjs';
import { colourEnabled, supervise } from './scripts/supervise.mjs';
import { applyProcessLayout } from './scripts/one-process-layout.mjs';

const { redactCredentials } = createRequire(import.meta.url)('./libs/queue-runtime/dist/config.js');
const mode = process.argv[2] ?? 'start';
const SERVICES = [
  ['gateway', 'blue'],
  ['transcripts', 'magenta'],
  ['ai', 'green'],
  ['export', 'yellow'],
  ['billing', 'cyan'],
  ['mail', 'red'],
  ['media', 'white'],
];
const DEMO_YOUTUBE_PORT = Number(process.env.DEMO_YOUTUBE_PORT ?? 3099);
const node = process.execPath;

// Every process inherits this launcher's environment.
const env = process.env;
const commands = [];

// `/dev/mail` shows the mails a machine without a mail server would have sent; never under `npm start`.
if (mode === 'demo' || mode === 'dev') env.DEV_MAIL_PAGE = '1';

const samples =
  mode === 'demo'
    ? JSON.parse(readFileSync(new URL('./scripts/demo-samples.json', import.meta.url), 'utf8'))
    : [];

if (mode === 'demo') {
  env.YOUTUBE_ORIGIN = `http://127.0.0.1:${DEMO_YOUTUBE_PORT}`;
  env.YOUTUBE_PROXY_URL = '';
  // The sample server bans no one: a sample course imports in seconds, not at YouTube's safe pace.
  env.YOUTUBE_FETCHES_PER_MINUTE ||= '600';
  // The video page's player is the fake YouTube's stand-in, playing the sample lectures with no network.
  env.YOUTUBE_IFRAME_API_URL = `http://127.0.0.1:${DEMO_YOUTUBE_PORT}/iframe_api`;
  env.OPENAI_API_KEY = '';
  // The demo shows the offline engine, whatever model server this machine runs, unless asked otherwise.
  env.AI_LOCAL_MODEL ||= 'off';
  // The analyse page offers the fake YouTube's sample lectures as one-click chips.
  env.SAMPLE_VIDEOS = samples
    .map(({ title, youtubeId }) => `${title}|https://www.youtube.com/watch?v=${youtubeId}`)
    .join(',');
  commands.push({
    name: 'youtube',
    color: 'gray',
    command: node,
    args: ['tools/fakes/dist/youtube/cli.js', '--port', String(DEMO_YOUTUBE_PORT)],
    followsLauncher: true,
  });
}

for (const [service, color] of SERVICES) {
  // The gateway's process runs its main.js, a worker's its worker.js.
  const entry = `services/${service}/dist/${service === 'gateway' ? 'main' : 'worker'}.js`;
  if (mode === 'dev') {
    commands.push({
      name: `${service}:tsc`,
      color: 'gray',
      ...followingLauncher('npx', [
        // Incremental, so a start re-emits nothing unchanged and the process below is not restarted for nothing.
        'tsc',
        '-w',
        '--preserveWatchOutput',
        '--incremental',
        '--tsBuildInfoFile',
        `services/${service}/dist/.tsbuildinfo`,
        '-p',
        `services/${service}/tsconfig.build.json`,
      ]),
    });
    commands.push({
      name: service,
      color,
      ...followingLauncher(node, [`--watch-path=services/${service}/dist`, entry]),
    });
  } else {
    commands.push({ name: service, color, command: node, args: [entry], followsLauncher: true });
  }
}
if (mode === 'dev')
  commands.push({
    name: 'web',
    color: 'white',
    ...followingLauncher('npm', ['run', 'dev', '-w', '@lectern/frontend']),
  });
// LECTERN_PROCESSES=one or `--one-process`: the services above run in one process (a small install).
const oneProcess = applyProcessLayout(commands);

/** A command that does not watch the launcher itself, run so that it still stops when the launcher dies. */
function followingLauncher(command, args) {
  return { command: node, args: ['scripts/follow-launcher.mjs', command, ...args], followsLauncher: true };
}

const colour = colourEnabled();
const formatLine = lineFormatter({
  pretty: prettyLogsWanted(process.stdout, env),
  colour,
  showService: oneProcess,
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => (stopping = true));

const embedded = await embeddedServersIfMissing();
if (embedded?.failure) {
  process.stdout.write(`\nLectern cannot start: ${embedded.failure}\n`);
  process.exit(1);
}
if (stopping) {
  await embedded?.stop();
  process.exit(0);
}

// A configured server that does not answer: every process says so once and waits; the launcher says it last,
// in the banner's place, once their output has settled.
const unanswered = await unansweredServers(env);
let lastProcessLineAt = Date.now();
// Nothing to add before the processes have spoken.
let saidSinceLastLine = true;
const showLine = (line) => {
  lastProcessLineAt = Date.now();
  saidSinceLastLine = false;
  return formatLine(line);
};
const finished = supervise(commands, { formatLine: unanswered.length > 0 ? showLine : formatLine }).finally(
  () => (stopping = true),
);
let ready = false;
if (unanswered.length > 0) {
  const waiting = setInterval(() => {
    if (ready || stopping) return clearInterval(waiting);
    if (saidSinceLastLine || Date.now() - lastProcessLineAt < 2_000) return;
    saidSinceLastLine = true;
    process.stdout.write(`\n${waitingSentence(unanswered)}\n\n`);
  }, 500);
}

const readinessUrl = `http://127.0.0.1:${env.PORT || 3000}${READINESS_PATH}`;
whenReady(readinessUrl, { givenUp: () => stopping }).then(async (isReady) => {
  ready = isReady;
  // Bounded whatever Redis does: the banner is never held back for more than a few seconds.
  const aiEngine = isReady
    ? await Promise.race([aiEngineOf(env), new Promise((resolve) => setTimeout(resolve, 4000, null))])
    : null;
  if (isReady)
    printBanner(
      readyBanner({
        mode,
        appUrl: appUrlOf(env),
        samples,
        embedded: embedded && embeddedSummary(embedded),
        aiEngine,
      }),
      process.stdout,
      colour,
    );
});

process.exitCode = await finished;
await embedded?.stop();

/**
 * Which engine an ai worker writes with, as it records it for the admin view of readiness; null when none has said
 * within a few seconds (its first look for a local model server takes under one) or Redis cannot be read.
 */
async function aiEngineOf(processEnv) {
  const require = createRequire(import.meta.url);
  try {
    const { BaseEnvSchema, createRedis, parseEnv, quitRedis } = require('./libs/queue-runtime/dist/index.js');
    const { readAiEngineStatuses } = require('./libs/handovers/dist/index.js');
    const settings = parseEnv(BaseEnvSchema, processEnv);
    const redis = createRedis(settings, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    try {
      for (let tries = 0; tries < 10 && !stopping; tries += 1) {
        const [status] = await readAiEngineStatuses(redis, settings.REDIS_PREFIX);
        if (status) return status;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return null;
    } finally {
      await quitRedis(redis);
    }
  } catch {
    return null;
  }
}

/** Starts PostgreSQL and/or Redis of Lectern's own when neither configured nor found, and points env at them. */
async function embeddedServersIfMissing() {
  const wanted = await missingServers(env);
  if (!wanted.postgres && !wanted.redis) return null;
  const dataFolder = dataFolderOf(env);
  const names = [wanted.postgres && 'PostgreSQL', wanted.redis && 'Redis'].filter(Boolean).join(' and ');
  process.stdout.write(
    `No ${names} configured or running here: starting Lectern's own (data in ${dataFolder})\n`,
  );
  const servers = await startEmbeddedServers({
    wanted,
    dataFolder,
    say: (message) => process.stdout.write(`${message}\n`),
  });
  if (servers.failure) return servers;
  if (servers.databaseUrl) env.DATABASE_URL = servers.databaseUrl;
  if (servers.redisUrl) env.REDIS_URL = servers.redisUrl;
  // Sessions kept in the embedded Redis outlive a restart only if they are signed with the same secret.
  if (!env.SESSION_SECRET && env.NODE_ENV !== 'production')
    env.SESSION_SECRET = keptSessionSecret(dataFolder);
  return { ...servers, wanted, dataFolder };
}

/** The configured servers (DATABASE_URL, REDIS_URL) that do not answer now. */
async function unansweredServers(env) {
  const configured = [
    ['DATABASE_URL', 'PostgreSQL', env.DATABASE_URL, 5432],
    ...(env.REDIS_SENTINELS || env.REDIS_CLUSTER_NODES ? [] : [['REDIS_URL', 'Redis', env.REDIS_URL, 6379]]),
  ].filter(([, , url]) => url);
  const answers = await Promise.all(
    configured.map(([, , url, port]) => {
      const parsed = new URL(url);
      return answersAt(parsed.hostname.replace(/^\[|\]$/g, ''), Number(parsed.port) || port);
    }),
  );
  return configured
    .filter((_, index) => !answers[index])
    .map(([variable, kind, url]) => ({ variable, kind, url: redactCredentials(url) }));
}

function waitingSentence(unanswered) {
  return unanswered
    .map(
      ({ variable, kind, url }) =>
        `Lectern is waiting for ${variable} (${url}), which does not answer: start that ${kind} server or correct ${variable} (left unset, Lectern runs a ${kind} of its own). It starts by itself once it answers.`,
    )
    .join('\n');
}

function keptSessionSecret(dataFolder) {
  const file = path.join(dataFolder, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function embeddedSummary({ wanted, dataFolder, databaseUrl, redisUrl }) {
  return {
    dataFolder,
    servers: [
      wanted.postgres && `PostgreSQL at ${databaseUrl}`,
      wanted.redis && `Redis at ${redisUrl}`,
    ].filter(Boolean),
  };
}
