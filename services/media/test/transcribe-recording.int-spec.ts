import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpeechSegmentSchema, type MediaTranscriptionProgress } from '@lectern/contracts';
import { createPool, deleteVideo, findSpeechTranscript, findTranscribedPieces } from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import {
  startFakeTranscribe,
  type FakeTranscribe,
  LECTURE,
  speakLecture,
  type SpokenLecture,
} from '@lectern/fakes/transcribe';
import { MediaStore } from '@lectern/handovers';
import type { Pool } from 'pg';
import { z } from 'zod';
import { transcribeRecording } from '../src/recording-transcription';
import { SpeechToText } from '../src/speech-to-text';
import {
  aUser,
  uploadRecording,
  uploadRecordingEntry,
  pieceSettings,
  speechTo,
} from './support/recording-fixtures';

// A lecture spoken by espeak-ng, stored as an upload would store it, prepared by the real ffmpeg and cut into pieces
// of about 20 seconds, sent through the real openai client to a fake endpoint that finds the speech in what it gets.
jest.setTimeout(120_000);

const KEY = 'sk-transcribe-test';
const LONG_PAUSE_AFTER = 4;

describe('transcribing a stored recording', () => {
  let database: TestDatabase;
  let pool: Pool;
  let media: MediaStore;
  let folder: string;
  let lecture: SpokenLecture;
  let fake: FakeTranscribe;
  let userId: string;
  const settings = () => pieceSettings({ parallelPieces: 3, pieceSeconds: 20 });
  const speech = (maxRetries = 3) => speechTo(fake, KEY, maxRetries);

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 6 });
    media = new MediaStore(pool);
    folder = await mkdtemp(path.join(tmpdir(), 'lectern-lecture-'));
    // A long pause in the middle and silence at the end: where Whisper writes "Thanks for watching".
    lecture = await speakLecture(folder, LECTURE, {
      pauseAfter: (i) => (i === LONG_PAUSE_AFTER ? 4.5 : i === LECTURE.length - 1 ? 5 : 1.2),
      format: 'mp3',
    });
    userId = await aUser(pool);
  });
  beforeEach(async () => {
    fake = await startFakeTranscribe({
      sentences: LECTURE,
      apiKey: KEY,
      hallucinateOverSilence: { seconds: 3.5, text: 'Thanks for watching!', noSpeechProb: 0.3 },
      unclearSentences: [6],
    });
  });
  afterEach(() => fake.close());
  afterAll(async () => {
    await media.close();
    await pool.end();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  });

  const storedSegments = async (mediaId: string) => {
    const row = await findSpeechTranscript(pool, mediaId);
    return { row, segments: z.array(SpeechSegmentSchema).parse(JSON.parse(row!.segments_json)) };
  };

  it('places every sentence within a second of where it was spoken, each word once across the cuts', async () => {
    const mediaId = await uploadRecording(pool, media, userId, lecture.file, 'Photosynthesis lecture.mp3');
    // One piece fails with a 500 and another is rate limited: each is sent again alone.
    fake.failNext(500, 'piece-1.wav');
    fake.failNext(429, 'piece-2.wav');
    const progress: MediaTranscriptionProgress[] = [];

    const result = await transcribeRecording(
      { db: pool, media, speech: speech(), settings: settings() },
      { mediaId, userId },
      { progress: (p) => void progress.push(p) },
    );

    expect(result.pieces).toBeGreaterThanOrEqual(3);
    expect(result.durationSeconds).toBeCloseTo(lecture.durationSeconds, 0);
    const { row, segments } = await storedSegments(mediaId);
    expect(segments.map((s) => s.text)).toEqual(LECTURE);
    expect(row!.transcript_text.split(/\s+/)).toEqual(LECTURE.join(' ').split(/\s+/));
    segments.forEach((segment, i) => {
      expect(Math.abs(segment.start - lecture.sentences[i]!.start)).toBeLessThan(1);
      const end = segment.start + segment.duration;
      expect(Math.abs(end - lecture.sentences[i]!.end)).toBeLessThan(1);
    });

    // Every piece was sent once, but the two that failed, sent twice; all within the endpoint's limit.
    const statuses = (file: string) => fake.requests.filter((r) => r.fileName === file).map((r) => r.status);
    expect(statuses('piece-0.wav')).toEqual([200]);
    expect(statuses('piece-1.wav')).toEqual([500, 200]);
    expect(statuses('piece-2.wav')).toEqual([429, 200]);
    expect(fake.requests.filter((r) => r.status === 200)).toHaveLength(result.pieces);
    expect(fake.requests.every((r) => r.responseFormat === 'verbose_json' && r.model === 'whisper-1')).toBe(
      true,
    );

    // Honest: the invented phrases over the silences are gone, the unsure sentence is marked.
    expect(result.droppedSegments).toBeGreaterThanOrEqual(2);
    expect(segments.filter((s) => s.unclear).map((s) => s.text)).toEqual([LECTURE[6]]);
    expect(row).toMatchObject({
      transcribed_by_model: 'whisper-1',
      caption_language: 'en',
      title: 'Photosynthesis lecture',
    });

    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({
      percent: 100,
      piecesDone: result.pieces,
      pieceCount: result.pieces,
    });
  });

  it('goes on where it stopped: a second run sends only the pieces not yet transcribed', async () => {
    const mediaId = await uploadRecording(pool, media, userId, lecture.file, 'Stopped lecture.mp3');
    fake.failNext(500, 'piece-2.wav');
    await expect(
      transcribeRecording({ db: pool, media, speech: speech(0), settings: settings() }, { mediaId, userId }),
    ).rejects.toThrow();
    const kept = (await findTranscribedPieces(pool, mediaId, 'whisper-1')).map((p) => p.piece_index);
    expect(kept).not.toContain(2);
    expect(kept.length).toBeGreaterThan(0);
    const sentBefore = fake.requests.length;

    const result = await transcribeRecording(
      { db: pool, media, speech: speech(), settings: settings() },
      { mediaId, userId },
    );

    const sentAgain = fake.requests.slice(sentBefore).map((r) => Number(/\d+/.exec(r.fileName)![0]));
    expect(sentAgain.sort()).toEqual(
      Array.from({ length: result.pieces }, (_, i) => i).filter((i) => !kept.includes(i)),
    );
    expect((await storedSegments(mediaId)).segments.map((s) => s.text)).toEqual(LECTURE);
  });

  it('answers a finished recording at once, and refuses another user’s or an unfinished one', async () => {
    const mediaId = await uploadRecording(pool, media, userId, lecture.file, 'Twice.mp3');
    const deps = { db: pool, media, speech: speech(), settings: settings() };
    const first = await transcribeRecording(deps, { mediaId, userId });
    const sent = fake.requests.length;
    expect((await transcribeRecording(deps, { mediaId, userId })).transcriptId).toBe(first.transcriptId);
    expect(fake.requests).toHaveLength(sent);

    const stranger = await aUser(pool);
    await expect(transcribeRecording(deps, { mediaId, userId: stranger })).rejects.toThrow(
      '[404] Recording not found.',
    );
    const unfinished = await media.create({
      userId,
      fileName: 'half.mp3',
      contentType: null,
      declaredBytes: 10,
    });
    await expect(transcribeRecording(deps, { mediaId: unfinished, userId })).rejects.toThrow(
      '[409] The recording has not finished uploading.',
    );
    const wrongKey = new SpeechToText({ baseURL: fake.baseURL, apiKey: 'sk-wrong', model: 'whisper-1' });
    const refused = await uploadRecording(pool, media, userId, lecture.file, 'Refused.mp3');
    await expect(
      transcribeRecording({ ...deps, speech: wrongKey }, { mediaId: refused, userId }),
    ).rejects.toThrow('[502] The speech-to-text endpoint refused the recording (401)');
    const another = await uploadRecording(pool, media, userId, lecture.file, 'No ffmpeg.mp3');
    await expect(
      transcribeRecording(
        { ...deps, settings: { ...settings(), ffmpeg: null } },
        { mediaId: another, userId },
      ),
    ).rejects.toThrow('[503] Transcription is not available on this server (ffmpeg is missing).');
  });

  it('refuses a recording longer than the job allows, before sending any of it', async () => {
    const mediaId = await uploadRecording(pool, media, userId, lecture.file, 'Too long.mp3');
    const deps = { db: pool, media, speech: speech(), settings: settings() };
    const sent = fake.requests.length;
    // A quarter of a minute: the spoken lecture is longer.
    await expect(transcribeRecording(deps, { mediaId, userId, maxMinutes: 0.25 })).rejects.toThrow(
      /^\[422\] The recording is \d+ minutes long; Lectern transcribes recordings of up to 0.25 minutes\.$/,
    );
    expect(fake.requests).toHaveLength(sent);
  });

  it('leaves no transcript behind when the library entry is deleted while the recording is transcribed', async () => {
    const { mediaId, videoId } = await uploadRecordingEntry(pool, media, userId, lecture.file, 'Deleted.mp3');
    const deps = { db: pool, media, speech: speech(), settings: settings() };
    // Deleted as the gateway deletes it, once every piece is transcribed and the transcript is about to be stored.
    const progress = async ({ phase }: MediaTranscriptionProgress) => {
      if (phase !== 'storing') return;
      if (await deleteVideo(pool, userId, videoId)) await media.delete(mediaId);
    };

    await expect(transcribeRecording(deps, { mediaId, userId }, { progress })).rejects.toThrow(
      '[410] The recording was deleted before its transcription finished.',
    );
    const { rows } = await pool.query('SELECT id FROM transcripts WHERE media_id = $1', [mediaId]);
    expect(rows).toEqual([]);
    const usage = await pool.query('SELECT 1 FROM transcription_usage WHERE media_id = $1', [mediaId]);
    expect(usage.rows).toEqual([]);
  });
});
