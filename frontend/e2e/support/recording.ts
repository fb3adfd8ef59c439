import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RATE = 16_000;

/** What the recording the browser tests upload says, one sentence a burst of speech; the fake transcriber knows it. */
export const RECORDED_LECTURE = [
  'Mitosis is how one cell divides into two identical cells.',
  'In prophase the chromosomes condense and become visible.',
  'In metaphase they line up along the middle of the cell.',
  'In anaphase the sister chromatids are pulled apart.',
  'In telophase two new nuclei form around them.',
  'Cytokinesis then splits the cell itself in two.',
];

/** The key the fake transcriber asks of the media worker. */
export const TRANSCRIBE_KEY = 'sk-e2e-transcribe';

/**
 * Speaks each sentence with espeak-ng, with `pause` seconds of silence around each, and writes the whole as a WAV
 * file with ffmpeg: a lecture recording whose pauses the media worker cuts at.
 */
export async function speakRecording(folder: string, fileName: string, pause = 1.5): Promise<string> {
  const silence = Buffer.alloc(Math.round(pause * RATE) * 2);
  const pcm: Buffer[] = [silence];
  for (const [index, text] of RECORDED_LECTURE.entries()) {
    const wav = path.join(folder, `sentence-${index}.wav`);
    await run('espeak-ng', ['-v', 'en', '-s', '165', '-w', wav, text]);
    const { stdout } = await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        wav,
        '-ac',
        '1',
        '-ar',
        String(RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    pcm.push(stdout, silence);
  }
  const raw = path.join(folder, 'lecture.pcm');
  await writeFile(raw, Buffer.concat(pcm));
  const file = path.join(folder, fileName);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    's16le',
    '-ar',
    String(RATE),
    '-ac',
    '1',
    '-i',
    raw,
    file,
  ]);
  return file;
}
