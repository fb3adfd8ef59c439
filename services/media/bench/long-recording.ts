import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LOOP_SENTENCE = 'The mitochondria is where the cell makes most of its energy.';

/**
 * An `hours`-long recording made fast: one sentence spoken by espeak-ng, two seconds of silence after it, looped by
 * ffmpeg into a small MP3 (8 kHz, 8 kb/s: about 3.6 MB an hour). Kept in the temporary folder for the next run;
 * the files it is made from are this process's own, so runs side by side (a test and the bench) never write into
 * each other's, and the recording appears whole or not at all.
 */
export async function longRecording(hours: number): Promise<{ file: string; loopSeconds: number }> {
  const folder = tmpdir();
  const own = `${process.pid}-${randomUUID()}`;
  const unit = path.join(folder, `lectern-loop-unit-${own}.wav`);
  await run('espeak-ng', ['-v', 'en', '-s', '165', '-w', unit, LOOP_SENTENCE]);
  const padded = path.join(folder, `lectern-loop-padded-${own}.wav`);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    unit,
    '-af',
    'apad=pad_dur=2',
    '-ar',
    '16000',
    '-ac',
    '1',
    padded,
  ]);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    padded,
  ]);
  const file = path.join(folder, `lectern-lecture-${hours}h.mp3`);
  if (!existsSync(file)) {
    const partial = `${file}.${own}.part.mp3`;
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-stream_loop',
      '-1',
      '-i',
      padded,
      '-t',
      String(hours * 3600),
      '-ac',
      '1',
      '-ar',
      '8000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '8k',
      partial,
    ]);
    await rename(partial, file);
  }
  await rm(unit, { force: true });
  await rm(padded, { force: true });
  return { file, loopSeconds: Number(stdout.trim()) };
}
