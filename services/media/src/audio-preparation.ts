import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInterface } from 'node:readline';
import { PermanentJobError } from '@lectern/queue-runtime';

/** What the user reads when ffmpeg cannot decode what was uploaded. */
export const UNREADABLE_RECORDING =
  'Lectern could not read this recording: the file is damaged, or holds no audio it can decode.';

/** What the speech-to-text endpoint receives: mono 16 kHz 16-bit PCM, as Whisper models hear anyway. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SECOND = SAMPLE_RATE * 2;
const WAV_HEADER_BYTES = 44;

/** Quieter than this for this long is a pause between sentences, where a recording may be cut. */
const SILENCE_NOISE = '-35dB';
const SILENCE_MIN_SECONDS = 0.3;

export interface Silence {
  start: number;
  end: number;
}

export interface DecodedAudio {
  /** Raw mono 16 kHz s16le samples on disk: pieces are read from it by byte range. */
  pcmPath: string;
  durationSeconds: number;
  silences: Silence[];
}

/** A stretch of the recording sent as one file, in seconds from its start. */
export interface Piece {
  index: number;
  start: number;
  end: number;
}

/**
 * Copies the recording to `sourcePath` as it streams from the store (containers such as MP4 keep their index at
 * the end, so ffmpeg needs a file it can seek), then has ffmpeg decode it to mono 16 kHz PCM at `pcmPath` while
 * its `silencedetect` filter reports the pauses. Memory stays that of a few stream buffers, however long the
 * recording.
 */
export async function decodeRecording(
  ffmpeg: string,
  recording: Readable,
  paths: { sourcePath: string; pcmPath: string },
  signal?: AbortSignal,
): Promise<DecodedAudio> {
  await pipeline(recording, createWriteStream(paths.sourcePath), { signal });
  const silences: Silence[] = [];
  let openSilence: number | null = null;
  const lastLines: string[] = [];
  const child = spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      paths.sourcePath,
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-af',
      `silencedetect=noise=${SILENCE_NOISE}:d=${SILENCE_MIN_SECONDS}`,
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      '-y',
      paths.pcmPath,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], signal },
  );
  const lines = createInterface({ input: child.stderr });
  lines.on('line', (line) => {
    const started = /silence_start: (-?[\d.]+)/.exec(line);
    const ended = /silence_end: ([\d.]+)/.exec(line);
    if (started) openSilence = Math.max(0, Number(started[1]));
    else if (ended && openSilence !== null) {
      silences.push({ start: openSilence, end: Number(ended[1]) });
      openSilence = null;
    } else {
      lastLines.push(line);
      if (lastLines.length > 5) lastLines.shift();
    }
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // Killed from outside (no exit code): worth another try. An exit code: ffmpeg read the file and cannot, each time.
  if (code === null) throw new Error(`ffmpeg stopped before decoding the recording`);
  if (code !== 0) throw new PermanentJobError(422, UNREADABLE_RECORDING);
  const durationSeconds = (await stat(paths.pcmPath)).size / BYTES_PER_SECOND;
  // A silence still open at the end runs to the end.
  if (openSilence !== null) silences.push({ start: openSilence, end: durationSeconds });
  return { pcmPath: paths.pcmPath, durationSeconds, silences };
}

export interface PiecePlanOptions {
  /** About how long a piece should be. */
  targetSeconds: number;
  /** No piece is longer (the endpoint's size limit, or the target's margin). */
  maxSeconds: number;
}

/** The longest piece a size limit allows, as a WAV of mono 16 kHz samples. */
export function maxPieceSecondsForBytes(maxBytes: number): number {
  return Math.floor((maxBytes - WAV_HEADER_BYTES) / BYTES_PER_SECOND);
}

/**
 * Where to cut: in the middle of the pause nearest each target length (never closer than half the target to the
 * last cut, never past the longest piece allowed), so no word is split. Only when a stretch that long has no
 * pause at all is it cut at the longest length.
 */
export function planPieces(durationSeconds: number, silences: Silence[], options: PiecePlanOptions): Piece[] {
  const maxSeconds = Math.max(1, Math.min(options.maxSeconds, options.targetSeconds * 1.25));
  const target = Math.min(options.targetSeconds, maxSeconds);
  const pieces: Piece[] = [];
  let start = 0;
  while (durationSeconds - start > maxSeconds) {
    const ideal = start + target;
    let cut: number | null = null;
    for (const silence of silences) {
      const middle = roundToSample((silence.start + silence.end) / 2);
      if (middle < start + target / 2 || middle > start + maxSeconds) continue;
      if (cut === null || Math.abs(middle - ideal) < Math.abs(cut - ideal)) cut = middle;
    }
    const end = cut ?? roundToSample(start + maxSeconds);
    pieces.push({ index: pieces.length, start, end });
    start = end;
  }
  pieces.push({ index: pieces.length, start, end: durationSeconds });
  return pieces;
}

const roundToSample = (seconds: number) => Math.round(seconds * SAMPLE_RATE) / SAMPLE_RATE;

/** A piece as a WAV file's bytes, read from the decoded samples as the consumer reads on. */
export function pieceAsWav(pcmPath: string, piece: Piece): Readable {
  const first = Math.round(piece.start * SAMPLE_RATE) * 2;
  const last = Math.round(piece.end * SAMPLE_RATE) * 2;
  const samples = createReadStream(pcmPath, { start: first, end: Math.max(first, last - 1) });
  const header = wavHeader(last - first);
  async function* wav(): AsyncGenerator<Buffer> {
    yield header;
    for await (const chunk of samples) yield chunk as Buffer;
  }
  return Readable.from(wav());
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
