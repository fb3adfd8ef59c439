import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SpeechSegmentSchema } from '@lectern/contracts';
import {
  createPool,
  findSpeechTranscript,
  findTranscriptionPlan,
  insertPendingSpeechTranscript,
} from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import {
  OPENAI_AUDIO_MAX_BYTES,
  startFakeTranscribe,
  type FakeTranscribe,
  LECTURE,
} from '@lectern/fakes/transcribe';
import { MediaStore } from '@lectern/handovers';
import type { Pool } from 'pg';
import { z } from 'zod';
import { longRecording } from '../bench/long-recording';
import { transcribeRecording } from '../src/recording-transcription';
import { aUser, pieceSettings, speechTo } from './support/recording-fixtures';

// Three hours of a lecture (one sentence, then two seconds of silence, again and again), prepared with the default
// settings: cut into pieces of about ten minutes, each under OpenAI's 25 MB, and no drift after hours of audio.
// Time and memory per hour are figures of `npm run bench` (services/media/bench); here only a generous bound.
jest.setTimeout(600_000);

const HOURS = 3;

describe('a three-hour recording', () => {
  let database: TestDatabase;
  let pool: Pool;
  let fake: FakeTranscribe;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 6 });
    // Other words for each loop: a line said three times in a row would be dropped as the recogniser looping.
    fake = await startFakeTranscribe({ sentences: LECTURE, cycle: true });
  });
  afterAll(async () => {
    await fake.close();
    await pool.end();
    await database.drop();
  });

  it('is transcribed in pieces of about ten minutes, each under 25 MB, every sentence where it was said', async () => {
    const { file, loopSeconds } = await longRecording(HOURS);
    const media = new MediaStore(pool);
    const userId = await aUser(pool);
    const mediaId = await media.create({
      userId,
      fileName: 'Three hours.mp3',
      contentType: 'audio/mpeg',
      declaredBytes: (await stat(file)).size,
    });
    await media.append(mediaId, 0, createReadStream(file));
    await media.finish(mediaId);
    await insertPendingSpeechTranscript(pool, { mediaId, title: 'Three hours' });

    const result = await transcribeRecording(
      {
        db: pool,
        media,
        speech: speechTo(fake),
        settings: pieceSettings({ parallelPieces: 3 }),
      },
      { mediaId, userId },
    );

    expect(result.durationSeconds).toBeCloseTo(HOURS * 3600, 0);
    expect(result.pieces).toBeGreaterThanOrEqual(17);
    expect(result.pieces).toBeLessThanOrEqual(20);
    const plan = await findTranscriptionPlan(pool, mediaId, 'whisper-1');
    const pieces = z
      .array(z.object({ start: z.number(), end: z.number() }))
      .parse(JSON.parse(plan!.pieces_json));
    for (const piece of pieces) expect(piece.end - piece.start).toBeLessThanOrEqual(12.5 * 60);
    expect(fake.requests.every((r) => r.status === 200 && r.bytes < OPENAI_AUDIO_MAX_BYTES)).toBe(true);

    const row = await findSpeechTranscript(pool, mediaId);
    const segments = z.array(SpeechSegmentSchema).parse(JSON.parse(row!.segments_json));
    const loops = Math.ceil((HOURS * 3600) / loopSeconds);
    expect(segments.map((s) => s.text)).toEqual(
      Array.from({ length: loops }, (_, i) => LECTURE[i % LECTURE.length]),
    );
    // No drift: the last sentence is where it was said, as the first is.
    segments.forEach((segment, i) => expect(Math.abs(segment.start - i * loopSeconds)).toBeLessThan(1));
    // This process holds the fake endpoint too; the worker's own figure is in the bench.
    expect(process.resourceUsage().maxRSS / 1024).toBeLessThan(1500);
    await media.close();
  });
});
