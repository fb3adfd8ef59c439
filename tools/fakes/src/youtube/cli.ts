import { youtubePlaylistUrl } from '@lectern/contracts';
import { stopWhenLauncherGone } from '@lectern/queue-runtime';
import { sampleLink, startFakeYouTube } from './fake-youtube';

// Starts the fake YouTube for `npm run demo`: `node tools/fakes/dist/youtube/cli.js [--port] <port>` (or
// FAKE_YOUTUBE_PORT; 0 picks a free port). The first line printed is "Fake YouTube listening on <url>";
// point YOUTUBE_ORIGIN at that url.

function portArgument(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  if (index === -1) return args.find((arg) => !arg.startsWith('-'));
  const arg = args[index] ?? '';
  return arg.includes('=') ? arg.slice('--port='.length) : args[index + 1];
}

async function main(): Promise<void> {
  const raw = portArgument(process.argv.slice(2)) ?? process.env.FAKE_YOUTUBE_PORT ?? '3099';
  const port = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`Invalid port for the fake YouTube: "${raw}"\n`);
    process.exit(1);
  }
  const slowDelayMs = Number(process.env.FAKE_YOUTUBE_SLOW_MS ?? 3_000);
  const fake = await startFakeYouTube({
    port,
    host: process.env.FAKE_YOUTUBE_HOST ?? '127.0.0.1',
    slowDelayMs,
    // It stands in for YouTube in `npm run demo`: unknown videos are answered as the demo's.
    demo: true,
  });
  const tries = [...fake.videos.values()]
    .filter((video) => video.demo)
    .map((video) => `  ${sampleLink(video.id)}  ${video.demo}`);
  const playlists = [...fake.playlists.values()].map(
    (playlist) =>
      `  ${youtubePlaylistUrl(playlist.id)}  ${playlist.title} (${playlist.entries.length} videos)`,
  );
  process.stdout.write(
    `Fake YouTube listening on ${fake.url}\nSample videos to analyse:\n${tries.join('\n')}\n` +
      `Sample playlists to import as courses:\n${playlists.join('\n')}\n`,
  );

  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  stopWhenLauncherGone(stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The fake YouTube could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
