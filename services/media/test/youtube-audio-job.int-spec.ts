import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueueName } from '@lectern/contracts';
import { createPool, findSpeechTranscript, insertPendingSpeechTranscript } from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { startFakeTranscribe, type FakeTranscribe, LECTURE, speakLecture } from '@lectern/fakes/transcribe';
import { failingAudioCommand, fakeAudioCommand } from '@lectern/fakes/youtube-audio';
import { MediaStore } from '@lectern/handovers';
import {
  deleteKeysUnderPrefix,
  JobRequester,
  startQueueWorker,
  type QueuedJobStatus,
  type RunningQueueWorker,
} from '@lectern/queue-runtime';
import type { Pool } from 'pg';
import pino from 'pino';
import { createMediaHandlers } from '../src/worker';
import { audioCommandOf } from '../src/youtube-audio';
import { aUser, pieceSettings, speechTo } from './support/recording-fixtures';

// The job `transcribe-youtube-audio` on the media queue, as the gateway queues it: the media worker's handlers run
// the audio command (a node script standing in for yt-dlp), then transcribe what it wrote.
jest.setTimeout(120_000);

const KEY = 'sk-youtube-audio-job';
const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
const SENTENCES = LECTURE.slice(0, 3);

describe('the transcribe-youtube-audio job', () => {
  let database: TestDatabase;
  let pool: Pool;
  let media: MediaStore;
  let folder: string;
  let fake: FakeTranscribe;
  let requester: JobRequester;
  const workers: RunningQueueWorker[] = [];
  let userId: string;

  async function startWorker(command: string): Promise<void> {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
    workers.push(
      await startQueueWorker({
        queue: QueueName.Media,
        handlers: createMediaHandlers(
          {
            db: pool,
            media,
            speech: speechTo(fake, KEY),
            settings: pieceSettings(),
          },
          { command: audioCommandOf(command), env: {}, timeoutMs: 60_000, origin: 'https://www.youtube.com' },
        ),
        redisUrl: REDIS_URL,
        prefix,
        concurrency: 1,
        logger: pino({ level: 'silent' }),
      }),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 6 });
    media = new MediaStore(pool);
    folder = await mkdtemp(path.join(tmpdir(), 'lectern-youtube-audio-job-'));
    fake = await startFakeTranscribe({ sentences: SENTENCES, apiKey: KEY });
    requester = new JobRequester(REDIS_URL, prefix);
    await requester.init();
    userId = await aUser(pool);
  });
  // One worker at a time: each test's command is the only one taking its job.
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
  });
  afterAll(async () => {
    await requester.close();
    await deleteKeysUnderPrefix(REDIS_URL, prefix);
    await fake.close();
    await media.close();
    await pool.end();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  });

  /** Queues the job for a new video file and waits for it to finish or fail. */
  async function run(jobId: string): Promise<{ mediaId: string; status: QueuedJobStatus }> {
    const mediaId = await media.create({ userId, fileName: 'x', contentType: null, declaredBytes: null });
    await insertPendingSpeechTranscript(pool, { mediaId, title: 'Light and leaves, part 1.2' });
    await requester.enqueue(
      QueueName.Media,
      'transcribe-youtube-audio',
      { mediaId, userId, youtubeId: 'nocaptions1', title: 'Light and leaves, part 1.2' },
      { lane: 'pro', jobId },
    );
    for (;;) {
      const status = await requester.status(QueueName.Media, jobId);
      if (status && (status.state === 'completed' || status.state === 'failed')) return { mediaId, status };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("stores the video's transcript under its YouTube title, with timestamps", async () => {
    const lecture = await speakLecture(folder, SENTENCES, { pauseAfter: () => 1.2, format: 'mp3' });
    await startWorker(fakeAudioCommand(lecture.file));
    const { mediaId, status } = await run('youtube-audio-ok');
    expect(status).toMatchObject({ state: 'completed', failure: null });
    const row = await findSpeechTranscript(pool, mediaId);
    expect(row).toMatchObject({ title: 'Light and leaves, part 1.2', segment_count: 3 });
    const starts = (JSON.parse(row!.segments_json) as { start: number }[]).map((segment) => segment.start);
    starts.forEach((start, i) => expect(Math.abs(start - lecture.sentences[i]!.start)).toBeLessThan(1));
  });

  it('fails with a clear message when the audio command fails', async () => {
    await startWorker(failingAudioCommand());
    const { status } = await run('youtube-audio-failing');
    expect(status).toMatchObject({
      state: 'failed',
      failure:
        "The video's audio could not be fetched: the audio command failed (exit code 1): ERROR: [youtube] nocaptions1: Video unavailable. This video is private",
    });
  });
});
