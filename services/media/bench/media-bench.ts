import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeRecording, maxPieceSecondsForBytes, pieceAsWav, planPieces } from '../src/audio-preparation';
import { findFfmpeg } from '../src/ffmpeg-binary';
import { longRecording } from './long-recording';

// runMediaBench() from the root bench runner: preparing a recording for speech-to-text (copy, ffmpeg decode to mono
// 16 kHz with silencedetect, cutting plan, every piece read as the WAV sent to the endpoint), per hour of audio, with
// the worker process's peak memory. The endpoint's own time is not counted: it is the provider's.

export interface MediaPreparationFigures {
  hours: number;
  pieces: number;
  longestPieceMinutes: number;
  preparationSeconds: number;
  preparationSecondsPerHour: number;
  /** The Node process's peak resident memory (ffmpeg runs as its own process). */
  workerPeakRssMb: number;
  workFolderMbPerHour: number;
}

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

export async function prepareOnce(hours: number): Promise<MediaPreparationFigures> {
  const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);
  if (!ffmpeg) throw new Error('the media bench needs ffmpeg');
  const { file } = await longRecording(hours);
  const folder = await mkdtemp(path.join(tmpdir(), 'lectern-media-bench-'));
  try {
    const started = performance.now();
    const decoded = await decodeRecording(ffmpeg, createReadStream(file), {
      sourcePath: path.join(folder, 'recording'),
      pcmPath: path.join(folder, 'audio.pcm'),
    });
    const pieces = planPieces(decoded.durationSeconds, decoded.silences, {
      targetSeconds: 600,
      maxSeconds: maxPieceSecondsForBytes(25 * 1024 * 1024),
    });
    for (const piece of pieces) for await (const _chunk of pieceAsWav(decoded.pcmPath, piece)) void _chunk;
    const seconds = (performance.now() - started) / 1000;
    const folderBytes =
      (await stat(path.join(folder, 'recording'))).size + (await stat(decoded.pcmPath)).size;
    return {
      hours,
      pieces: pieces.length,
      longestPieceMinutes: round(Math.max(...pieces.map((p) => p.end - p.start)) / 60),
      preparationSeconds: round(seconds),
      preparationSecondsPerHour: round(seconds / hours),
      workerPeakRssMb: round(process.resourceUsage().maxRSS / 1024, 0),
      workFolderMbPerHour: round(folderBytes / hours / 1024 / 1024, 0),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function runMediaBench(): Promise<MediaPreparationFigures[]> {
  return [await prepareOnce(1), await prepareOnce(3)];
}
