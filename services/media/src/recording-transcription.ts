import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  MediaTranscriptionProgress,
  SpeechSegment,
  TranscribeMediaData,
  TranscribeMediaResult,
} from '@lectern/contracts';
import {
  findSpeechTranscript,
  findTranscribedPieces,
  insertSpeechTranscript,
  recordTranscriptionUsage,
  saveTranscribedPiece,
  saveTranscriptionPlan,
  type Db,
} from '@lectern/db';
import type { MediaStore } from '@lectern/handovers';
import { PermanentJobError } from '@lectern/queue-runtime';
import { z } from 'zod';
import {
  decodeRecording,
  maxPieceSecondsForBytes,
  pieceAsWav,
  planPieces,
  type Piece,
} from './audio-preparation';
import { honestTranscript } from './honest-transcript';
import { languageCodeOf } from './language-code';
import { RecognisedSegmentSchema, type RecognisedSegment, type SpeechToText } from './speech-to-text';

export interface RecordingTranscriptionSettings {
  /** Null when this machine has none: every transcription then fails with 503. */
  ffmpeg: string | null;
  parallelPieces: number;
  pieceSeconds: number;
  pieceMaxBytes: number;
  /** Where the decoded audio waits while its pieces are sent (the system's temporary folder by default). */
  workFolder?: string;
}

export interface RecordingTranscriptionDeps {
  db: Db;
  media: MediaStore;
  speech: SpeechToText;
  settings: RecordingTranscriptionSettings;
}

export interface TranscriptionRun {
  signal?: AbortSignal;
  progress?: (progress: MediaTranscriptionProgress) => Promise<void> | void;
}

const PiecesSchema = z.array(z.object({ index: z.number().int(), start: z.number(), end: z.number() }));
const PieceSegmentsSchema = z.array(RecognisedSegmentSchema);

/** Share of the job's progress the preparation takes before the first piece is sent. */
const PREPARING_PERCENT = 10;

/**
 * Transcribes a stored recording: decoded by ffmpeg to mono 16 kHz, cut at pauses into pieces the endpoint
 * takes, a few pieces sent at once, each piece's segments kept as soon as they arrive (moved by the piece's
 * offset), then joined, cleaned of what the recogniser invents over silence, and stored as the recording's
 * transcript. A run after a restart cuts the same pieces (the plan is kept) and sends only those still missing.
 */
export async function transcribeRecording(
  deps: RecordingTranscriptionDeps,
  job: TranscribeMediaData,
  run: TranscriptionRun = {},
): Promise<TranscribeMediaResult> {
  const { db, media, speech, settings } = deps;
  const model = speech.model;
  const file = await media.find(job.mediaId);
  if (!file || file.user_id !== job.userId) throw new PermanentJobError(404, 'Recording not found.');

  const stored = await findSpeechTranscript(db, job.mediaId);
  if (stored)
    return resultOf(
      job.mediaId,
      stored.id,
      stored.transcribed_by_model,
      stored.duration,
      0,
      stored.segment_count,
    );
  if (!file.completed_at) throw new PermanentJobError(409, 'The recording has not finished uploading.');
  const ffmpeg = settings.ffmpeg;
  if (!ffmpeg)
    throw new PermanentJobError(503, 'Transcription is not available on this server (ffmpeg is missing).');

  const report = async (progress: MediaTranscriptionProgress) => {
    await run.progress?.(progress);
  };
  await report({ phase: 'preparing', piecesDone: 0, pieceCount: 0, percent: 0 });

  const folder = await mkdtemp(path.join(settings.workFolder ?? tmpdir(), 'lectern-media-'));
  try {
    const decoded = await decodeRecording(
      ffmpeg,
      media.read(job.mediaId),
      { sourcePath: path.join(folder, 'recording'), pcmPath: path.join(folder, 'audio.pcm') },
      run.signal,
    );
    if (decoded.durationSeconds < 0.1) throw new PermanentJobError(422, 'The recording has no audio.');
    if (job.maxMinutes !== undefined && decoded.durationSeconds > job.maxMinutes * 60)
      throw new PermanentJobError(
        422,
        `The recording is ${Math.ceil(decoded.durationSeconds / 60)} minutes long; Lectern transcribes recordings of up to ${job.maxMinutes} minutes.`,
      );
    const plan = await saveTranscriptionPlan(db, job.mediaId, model, {
      duration_seconds: decoded.durationSeconds,
      pieces_json: JSON.stringify(
        planPieces(decoded.durationSeconds, decoded.silences, {
          targetSeconds: settings.pieceSeconds,
          maxSeconds: maxPieceSecondsForBytes(settings.pieceMaxBytes),
        }),
      ),
    });
    const pieces = PiecesSchema.parse(JSON.parse(plan.pieces_json));
    const done = new Map(
      (await findTranscribedPieces(db, job.mediaId, model)).map((row) => [row.piece_index, row]),
    );
    const progressOf = (count: number): MediaTranscriptionProgress => ({
      phase: 'transcribing',
      piecesDone: count,
      pieceCount: pieces.length,
      percent: Math.round(PREPARING_PERCENT + ((100 - PREPARING_PERCENT - 2) * count) / pieces.length),
    });
    await report(progressOf(done.size));

    const missing = pieces.filter((piece) => !done.has(piece.index));
    let finished = done.size;
    await forEachAtMost(settings.parallelPieces, missing, async (piece) => {
      const answer = await speech.transcribe(
        pieceAsWav(decoded.pcmPath, piece),
        `piece-${piece.index}.wav`,
        run.signal,
      );
      const row = {
        piece_index: piece.index,
        language: answer.language,
        segments_json: JSON.stringify(placeSegments(answer.segments, piece)),
      };
      await saveTranscribedPiece(db, job.mediaId, model, row);
      done.set(piece.index, row);
      finished += 1;
      await report(progressOf(finished));
    });

    await report({ phase: 'storing', piecesDone: pieces.length, pieceCount: pieces.length, percent: 98 });
    const perPiece = pieces.map((piece) =>
      PieceSegmentsSchema.parse(JSON.parse(done.get(piece.index)!.segments_json)),
    );
    const honest = honestTranscript(joinAtCuts(perPiece));
    const language = languageCodeOf(
      pieces.map((piece) => done.get(piece.index)!.language).find(Boolean) ?? null,
    );
    const transcriptId = await insertSpeechTranscript(db, {
      mediaId: job.mediaId,
      title: job.title ?? titleOf(file.file_name),
      duration: plan.duration_seconds,
      language,
      model,
      segmentCount: honest.segments.length,
      segmentsJson: JSON.stringify(honest.segments),
      transcriptText: textOf(honest.segments),
    });
    if (transcriptId === null)
      throw new PermanentJobError(410, 'The recording was deleted before its transcription finished.');
    // Counted only now that the transcript is stored: a failed transcription never counts.
    await recordTranscriptionUsage(db, {
      mediaId: job.mediaId,
      userId: job.userId,
      month: new Date().toISOString().slice(0, 7),
      seconds: plan.duration_seconds,
    });
    await report({ phase: 'storing', piecesDone: pieces.length, pieceCount: pieces.length, percent: 100 });
    return {
      ...resultOf(
        job.mediaId,
        transcriptId,
        model,
        plan.duration_seconds,
        pieces.length,
        honest.segments.length,
      ),
      droppedSegments: honest.dropped,
      unclearSegments: honest.unclear,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A piece's segments in the recording's time, none reaching past the piece (the endpoint may round up). */
export function placeSegments(segments: RecognisedSegment[], piece: Piece): RecognisedSegment[] {
  return segments.map((segment) => ({
    ...segment,
    start: Math.min(piece.start + segment.start, piece.end),
    end: Math.min(piece.start + segment.end, piece.end),
  }));
}

/**
 * The pieces' segments in one list. Pieces are cut in pauses and never overlap, so nothing should repeat; a
 * segment that begins before the last one of the previous piece ends and says the same is dropped all the same.
 */
export function joinAtCuts(pieces: RecognisedSegment[][]): RecognisedSegment[] {
  const joined: RecognisedSegment[] = [];
  for (const segments of pieces) {
    const previous = joined[joined.length - 1];
    for (const segment of segments) {
      if (
        previous &&
        segment.start < previous.end &&
        segment.text.trim().toLowerCase() === previous.text.trim().toLowerCase()
      )
        continue;
      joined.push(segment);
    }
  }
  return joined;
}

/**
 * Runs `work` on the items, at most `limit` at once. After a failure no other item starts, but those running finish
 * (their pieces are kept for the next run), then the first failure is thrown.
 */
async function forEachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}

const titleOf = (fileName: string) => fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || fileName;
const textOf = (segments: SpeechSegment[]) => segments.map((segment) => segment.text).join(' ');

function resultOf(
  mediaId: string,
  transcriptId: string,
  model: string,
  durationSeconds: number,
  pieces: number,
  segmentCount: number,
): TranscribeMediaResult {
  return {
    mediaId,
    transcriptId,
    model,
    durationSeconds,
    pieces,
    segmentCount,
    droppedSegments: 0,
    unclearSegments: 0,
  };
}
