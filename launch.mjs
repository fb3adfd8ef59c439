// Runs the whole of Lectern in the foreground with prefixed, coloured output: `npm start` (from the build),
// `npm run dev` (watch mode with Vite's hot reload) and `npm run demo` (offline, with sample videos).
// Ctrl-C stops every process gracefully.
import concurrently from 'concurrently';

const mode = process.argv[2] ?? 'start';
const SERVICES = [
  ['gateway', 'blue'],
  ['transcripts', 'magenta'],
  ['ai', 'green'],
  ['export', 'yellow'],
  ['billing', 'cyan'],
];
const DEMO_YOUTUBE_PORT = Number(process.env.DEMO_YOUTUBE_PORT ?? 3099);

// Every process inherits this launcher's environment.
const env = process.env;
const commands = [];

if (mode === 'demo') {
  env.YOUTUBE_ORIGIN = `http://127.0.0.1:${DEMO_YOUTUBE_PORT}`;
  env.YOUTUBE_PROXY_URL = '';
  env.OPENAI_API_KEY = '';
  commands.push({
    name: 'youtube',
    prefixColor: 'gray',
    command: `node services/transcripts/dist/fake-youtube/cli.js --port ${DEMO_YOUTUBE_PORT}`,
  });
}

for (const [service, color] of SERVICES) {
  const entry = `services/${service}/dist/main.js`;
  if (mode === 'dev') {
    commands.push({
      name: `${service}:tsc`,
      prefixColor: 'gray',
      // Incremental, so a start re-emits nothing unchanged and the process below is not restarted for nothing.
      command: `npx tsc -w --preserveWatchOutput --incremental --tsBuildInfoFile services/${service}/dist/.tsbuildinfo -p services/${service}/tsconfig.build.json`,
    });
    commands.push({
      name: service,
      prefixColor: color,
      command: `node --watch-path=services/${service}/dist ${entry}`,
    });
  } else {
    commands.push({ name: service, prefixColor: color, command: `node ${entry}` });
  }
}
if (mode === 'dev')
  commands.push({ name: 'web', prefixColor: 'white', command: 'npm run dev -w @lectern/frontend' });

const { result } = concurrently(commands, {
  prefix: 'name',
  killOthersOn: ['failure'],
  padPrefix: true,
});

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
