import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LOOP_SENTENCE = 'The mitochondria is where the cell makes most of its energy.';

/**
 * An `hours`-long recording made fast: one sentence spoken by espeak-ng, two seconds of silence after it, looped by
 * ffmpeg into a small MP3 (8 kHz, 8 kb/s: about 3.6 MB an hour). Kept in the temporary folder for the next run.
 */
export async function longRecording(hours: number): Promise<{ file: string; loopSeconds: number }> {
  const folder = tmpdir();
  const unit = path.join(folder, 'lectern-loop-unit.wav');
  await run('espeak-ng', ['-v', 'en', '-s', '165', '-w', unit, LOOP_SENTENCE]);
  const padded = path.join(folder, 'lectern-loop-padded.wav');
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
    const partial = `${file}.part.mp3`;
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
  return { file, loopSeconds: Number(stdout.trim()) };
}
