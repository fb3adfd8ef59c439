#!/usr/bin/env node
// A stand-in for a downloader such as yt-dlp run as YOUTUBE_AUDIO_COMMAND: writes a prepared audio file to standard
// output for the video URL it is given, reporting on standard error as yt-dlp does. Plain JavaScript so tests run it
// with node from the sources, without a build.
//
//   fake-audio-command.cjs --audio <file> <url>   writes <file>
//   fake-audio-command.cjs --fail <url>           exits 1 saying the video is unavailable
'use strict';
const { createReadStream } = require('node:fs');

const args = process.argv.slice(2);
const url = args[args.length - 1] || '';
const match = /[?&]v=([\w-]{11})/.exec(url);
if (!match) {
  process.stderr.write(`ERROR: '${url}' is not a valid URL\n`);
  process.exit(2);
}
const videoId = match[1];
process.stderr.write(`[youtube] ${videoId}: Downloading webpage\n`);
if (args[0] === '--fail') {
  process.stderr.write(`ERROR: [youtube] ${videoId}: Video unavailable. This video is private\n`);
  process.exit(1);
}
const audio = args[0] === '--audio' ? args[1] : undefined;
if (!audio) {
  process.stderr.write('usage: fake-audio-command.cjs --audio <file> <url> | --fail <url>\n');
  process.exit(2);
}
createReadStream(audio)
  .on('error', (error) => {
    process.stderr.write(`ERROR: ${error.message}\n`);
    process.exit(1);
  })
  .pipe(process.stdout);
