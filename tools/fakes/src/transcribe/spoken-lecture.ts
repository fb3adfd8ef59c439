import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RATE = 16_000;

export interface SpokenSentence {
  text: string;
  /** Seconds from the start of the recording where espeak-ng's audio of the sentence begins and ends. */
  start: number;
  end: number;
}

export interface SpokenLecture {
  file: string;
  sentences: SpokenSentence[];
  durationSeconds: number;
}

/** A short lecture, one idea a sentence, no commas (a comma is a pause espeak-ng makes inside a sentence). */
export const LECTURE = [
  'Photosynthesis turns light into chemical energy inside the leaf.',
  'Chlorophyll absorbs red and blue light and reflects green light.',
  'Water is split to release oxygen as a by product.',
  'Carbon dioxide enters the leaf through small pores called stomata.',
  'The Calvin cycle builds sugar from carbon dioxide.',
  'This sugar feeds the plant and everything that eats the plant.',
  'Light reactions happen in the thylakoid membranes.',
  'The Calvin cycle happens in the stroma around them.',
  'Temperature and light both limit how fast this works.',
  'That is the whole process in one short lecture.',
];

/**
 * Real speech for the fake transcriber's tests (espeak-ng and ffmpeg, both from Debian). Speaks each sentence with espeak-ng, puts `pauseAfter(i)` seconds of silence after sentence i (and `lead` before
 * the first), and encodes the whole with ffmpeg (`format` decides the container). Where each sentence was spoken is
 * known to the sample, as the recording is assembled here.
 */
export async function speakLecture(
  folder: string,
  sentences: string[],
  options: {
    pauseAfter: (index: number) => number;
    lead?: number;
    format?: 'mp3' | 'm4a' | 'wav';
    /** The recording's file name in `folder` (`lecture.<format>` unless given). */
    fileName?: string;
  },
): Promise<SpokenLecture> {
  const pcm: Buffer[] = [];
  let at = 0;
  const push = (buffer: Buffer) => {
    pcm.push(buffer);
    at += buffer.length / 2 / RATE;
  };
  const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * RATE) * 2);
  push(silence(options.lead ?? 1));
  const spoken: SpokenSentence[] = [];
  for (const [index, text] of sentences.entries()) {
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
    const start = at;
    push(stdout);
    spoken.push({ text, start, end: at });
    push(silence(options.pauseAfter(index)));
  }
  const raw = path.join(folder, 'lecture.pcm');
  await writeFile(raw, Buffer.concat(pcm));
  const format = options.format ?? 'mp3';
  const file = path.join(folder, options.fileName ?? `lecture.${format}`);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    's16le',
    '-ar',
    String(RATE),
    '-ac',
    '1',
    '-i',
    raw,
    ...(format === 'mp3' ? ['-b:a', '64k'] : format === 'm4a' ? ['-c:a', 'aac', '-b:a', '64k'] : []),
    '-y',
    file,
  ]);
  return { file, sentences: spoken, durationSeconds: at };
}
