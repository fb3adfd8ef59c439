import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { insertPendingSpeechTranscript, insertUploadedVideo, insertUser, type Db } from '@lectern/db';
import { OPENAI_AUDIO_MAX_BYTES, type FakeTranscribe } from '@lectern/fakes/transcribe';
import type { MediaStore } from '@lectern/handovers';
import { findFfmpeg } from '../../src/ffmpeg-binary';
import type { RecordingTranscriptionSettings } from '../../src/recording-transcription';
import { SpeechToText } from '../../src/speech-to-text';

let users = 0;

/** How the tests have the worker prepare audio: the system's ffmpeg, pieces under OpenAI's 25 MB limit. */
export function pieceSettings(
  overrides: Partial<RecordingTranscriptionSettings> = {},
): RecordingTranscriptionSettings {
  return {
    ffmpeg: findFfmpeg(undefined)!,
    parallelPieces: 2,
    pieceSeconds: 600,
    pieceMaxBytes: OPENAI_AUDIO_MAX_BYTES,
    ...overrides,
  };
}

/** The worker's speech-to-text client, sent to the fake endpoint with this key. */
export function speechTo(fake: FakeTranscribe, apiKey?: string, maxRetries?: number): SpeechToText {
  return new SpeechToText({ baseURL: fake.baseURL, apiKey, model: 'whisper-1', maxRetries });
}

export async function aUser(db: Db): Promise<string> {
  users += 1;
  return (
    await insertUser(db, {
      email: `listener${users}.${Date.now()}@example.com`,
      name: null,
      passwordHash: 'h',
    })
  ).id;
}

/**
 * Stores a recording as a resumable upload would: created with its size, sent in two requests (the first one cut
 * off mid-way, the second continuing at the offset the store answered), then finished, with its library entry and
 * the pending transcript row the worker fills.
 */
export async function uploadRecording(
  db: Db,
  media: MediaStore,
  userId: string,
  file: string,
  fileName: string,
): Promise<string> {
  return (await uploadRecordingEntry(db, media, userId, file, fileName)).mediaId;
}

/** As uploadRecording, answering the library entry's id too. */
export async function uploadRecordingEntry(
  db: Db,
  media: MediaStore,
  userId: string,
  file: string,
  fileName: string,
): Promise<{ mediaId: string; videoId: string }> {
  const size = (await stat(file)).size;
  const mediaId = await media.create({ userId, fileName, contentType: 'audio/mpeg', declaredBytes: size });
  const half = Math.floor(size / 2);
  const firstRequest = new PassThrough();
  createReadStream(file, { start: 0, end: half - 1 }).pipe(firstRequest);
  const offset = await media.append(mediaId, 0, firstRequest);
  await media.append(mediaId, offset, createReadStream(file, { start: offset }));
  await media.finish(mediaId);
  // Titled as the gateway titles it: the file's name without its extension.
  const title = fileName.replace(/\.[^.]+$/u, '');
  const transcriptId = await insertPendingSpeechTranscript(db, { mediaId, title });
  return { mediaId, videoId: await insertUploadedVideo(db, { userId, transcriptId }) };
}
