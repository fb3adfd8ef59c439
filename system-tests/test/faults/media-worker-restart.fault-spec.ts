import { randomUUID } from 'node:crypto';
import { laneQueueName, QueueName, SpeechSegmentSchema } from '@lectern/contracts';
import { createPool, findSpeechTranscript } from '@lectern/db';
import { LECTURE, startSpeechFixture, type SpeechFixture } from '@lectern/fakes/transcribe';
import { MediaStore } from '@lectern/handovers';
import { createRedis, jobOptionsFor, quitRedis } from '@lectern/queue-runtime';
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import { z } from 'zod';
import { aUser, uploadRecording } from '../../../services/media/test/support/recording-fixtures';
import { startProcessStack, until, type ProcessStack } from './support/process-stack';

// `kill -9` of the media worker in the middle of a transcription, then a new one: the job is handed over when its
// lock lapses, and the new worker sends only the pieces the killed one had not finished.
const KEY = 'sk-media-drill';
const SENTENCES = [...LECTURE, ...LECTURE.map((sentence) => `Once more. ${sentence}`)];

describe('media worker killed mid-transcription', () => {
  let stack: ProcessStack;
  let speech: SpeechFixture;
  let pool: Pool;

  beforeAll(async () => {
    // Slow answers, one piece at a time: the kill lands between two pieces.
    speech = await startSpeechFixture({
      sentences: SENTENCES,
      apiKey: KEY,
      speak: { pauseAfter: () => 1.2 },
      endpoint: { delayMs: 2500 },
    });
    stack = await startProcessStack({
      workers: ['media'],
      env: {
        TRANSCRIBE_BASE_URL: speech.endpoint.baseURL,
        TRANSCRIBE_API_KEY: KEY,
        TRANSCRIBE_MODEL: 'whisper-large-v3',
        TRANSCRIBE_PIECE_SECONDS: '30',
        TRANSCRIBE_PARALLEL_PIECES: '1',
      },
    });
    pool = createPool(stack.env.DATABASE_URL!, { max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await stack?.stop();
    await speech?.close();
  });

  it('resumes with the pieces not yet transcribed, and stores one transcript', async () => {
    // The gateway migrates the database as it starts; the store is the one uploads write to.
    await until(
      () => stack.sql('SELECT 1 FROM media_files LIMIT 1'),
      () => true,
      60_000,
      'migrations',
    );
    const media = new MediaStore(pool);
    const userId = await aUser(pool);
    const mediaId = await uploadRecording(pool, media, userId, speech.lecture.file, 'Drill lecture.mp3');
    const redis = createRedis(stack.env.REDIS_URL!);
    const queue = new Queue(laneQueueName(QueueName.Media, 'pro'), {
      connection: redis,
      prefix: stack.env.REDIS_PREFIX,
    });
    try {
      const job = await queue.add(
        'transcribe-media',
        { mediaId, userId },
        jobOptionsFor(QueueName.Media, { jobId: randomUUID() }),
      );
      const piecesDone = async () =>
        Number(
          (await stack.sql<{ n: string }>('SELECT count(*) AS n FROM media_transcription_pieces'))[0]!.n,
        );
      await until(piecesDone, (n) => n >= 1, 90_000, 'a first piece transcribed');

      const first = stack.services.get('media')![0]!;
      first.child.kill('SIGKILL');
      await first.exited;
      const doneBeforeKill = await piecesDone();
      const plan = await stack.sql<{ pieces_json: string }>('SELECT pieces_json FROM media_transcriptions');
      const pieceCount = (JSON.parse(plan[0]!.pieces_json) as unknown[]).length;
      expect(doneBeforeKill).toBeLessThan(pieceCount);

      stack.start('media');
      await until(
        () => findSpeechTranscript(pool, mediaId),
        (row) => row !== null,
        120_000,
        'the transcript stored',
      );

      const row = (await findSpeechTranscript(pool, mediaId))!;
      const segments = z.array(SpeechSegmentSchema).parse(JSON.parse(row.segments_json));
      expect(segments.map((s) => s.text)).toEqual(SENTENCES);
      expect(row.transcribed_by_model).toBe('whisper-large-v3');
      // Pieces are sent one at a time in order: those finished before the kill were never sent again.
      const answered = speech.endpoint.requests.filter((r) => r.status === 200).map((r) => r.fileName);
      for (let i = 0; i < doneBeforeKill; i += 1)
        expect(answered.filter((file) => file === `piece-${i}.wav`)).toHaveLength(1);
      expect(new Set(answered).size).toBe(pieceCount);
      await until(
        async () => (await queue.getJob(job.id!))?.finishedOn,
        (at) => at !== undefined,
        30_000,
        'job done',
      );
    } finally {
      await queue.close();
      await quitRedis(redis, 2_000);
    }
  });
});
