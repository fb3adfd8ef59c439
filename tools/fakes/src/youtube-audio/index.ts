import path from 'node:path';

// Two folders below the package, from its sources as from its build.
const CLI = path.join(__dirname, '../../bin/fake-audio-command.cjs');

/** YOUTUBE_AUDIO_COMMAND for a fake downloader writing `audioFile` for any video, the URL in its `{url}` place. */
export function fakeAudioCommand(audioFile: string): string {
  return `${quoted(process.execPath)} ${quoted(CLI)} --audio ${quoted(audioFile)} {url}`;
}

/** YOUTUBE_AUDIO_COMMAND for a fake downloader that fails as yt-dlp does on a private video (the URL appended). */
export function failingAudioCommand(): string {
  return `${quoted(process.execPath)} ${quoted(CLI)} --fail`;
}

const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
