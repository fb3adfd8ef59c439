import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SpeechSegmentSchema } from '@lectern/contracts';
import { createPool, findSpeechTranscript, insertPendingSpeechTranscript } from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import {
  startFakeTranscribe,
  type FakeTranscribe,
  LECTURE,
  speakLecture,
  type SpokenLecture,
} from '@lectern/fakes/transcribe';
import { failingAudioCommand, fakeAudioCommand } from '@lectern/fakes/youtube-audio';
import { MediaStore } from '@lectern/handovers';
import type { Pool } from 'pg';
import { z } from 'zod';
import { transcribeRecording } from '../src/recording-transcription';
import { audioCommandOf, fetchYouTubeAudio, type YouTubeAudioSettings } from '../src/youtube-audio';
import { aUser, pieceSettings, speechTo } from './support/recording-fixtures';

// A downloader run as YOUTUBE_AUDIO_COMMAND (a node script standing in for yt-dlp) writes an espeak-ng lecture to
// standard output; the worker streams it into the media store and transcribes it as it transcribes an upload.
jest.setTimeout(120_000);

const KEY = 'sk-youtube-audio-test';
const URL = 'https://www.youtube.com/watch?v=nocaptions1';

describe('fetching a captionless video’s audio with the audio command', () => {
  let database: TestDatabase;
  let pool: Pool;
  let media: MediaStore;
  let folder: string;
  let lecture: SpokenLecture;
  let fake: FakeTranscribe;
  let userId: string;
  const warnings: object[] = [];
  const logger = { warn: (details: object) => void warnings.push(details) };
  const settings = (command: string, timeoutMs = 60_000): YouTubeAudioSettings => ({
    command: audioCommandOf(command),
    env: {},
    timeoutMs,
  });
  // As the requester makes it: the file to fetch into, and the transcript waiting for it under the video's title.
  const newVideoFile = async (title = 'Captionless lecture') => {
    const mediaId = await media.create({
      userId,
      fileName: 'Captionless lecture',
      contentType: null,
      declaredBytes: null,
    });
    await insertPendingSpeechTranscript(pool, { mediaId, title });
    return mediaId;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 6 });
    media = new MediaStore(pool);
    folder = await mkdtemp(path.join(tmpdir(), 'lectern-youtube-audio-'));
    lecture = await speakLecture(folder, LECTURE.slice(0, 4), { pauseAfter: () => 1.2, format: 'mp3' });
    userId = await aUser(pool);
    fake = await startFakeTranscribe({ sentences: LECTURE.slice(0, 4), apiKey: KEY });
  });
  afterAll(async () => {
    await fake.close();
    await media.close();
    await pool.end();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  });

  const storedBytes = async (mediaId: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of media.read(mediaId)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('stores what the command writes, whole, and transcribes it under the video’s title with timestamps', async () => {
    const mediaId = await newVideoFile('Photosynthesis 1.1: light');
    await fetchYouTubeAudio(media, mediaId, URL, settings(fakeAudioCommand(lecture.file)), logger);

    expect((await storedBytes(mediaId)).equals(await readFile(lecture.file))).toBe(true);
    expect((await media.find(mediaId))?.completed_at).not.toBeNull();
    // The downloader's progress on standard error is logged.
    expect(warnings.at(-1)).toMatchObject({ stderr: expect.stringContaining('nocaptions1') });

    const result = await transcribeRecording(
      {
        db: pool,
        media,
        speech: speechTo(fake, KEY),
        settings: pieceSettings(),
      },
      { mediaId, userId, title: 'Photosynthesis 1.1: light' },
    );
    const row = await findSpeechTranscript(pool, mediaId);
    expect(row).toMatchObject({ title: 'Photosynthesis 1.1: light', transcribed_by_model: 'whisper-1' });
    const segments = z.array(SpeechSegmentSchema).parse(JSON.parse(row!.segments_json));
    expect(segments.map((s) => s.text)).toEqual(LECTURE.slice(0, 4));
    segments.forEach((segment, i) =>
      expect(Math.abs(segment.start - lecture.sentences[i]!.start)).toBeLessThan(1),
    );
    expect(result.segmentCount).toBe(4);
  });

  it('starts again from the first byte when an earlier run stopped part-way', async () => {
    const mediaId = await newVideoFile();
    await media.append(mediaId, 0, Readable.from([Buffer.from('half an earlier download')]));
    await fetchYouTubeAudio(media, mediaId, URL, settings(fakeAudioCommand(lecture.file)), logger);
    expect((await storedBytes(mediaId)).equals(await readFile(lecture.file))).toBe(true);
  });

  it('fails saying why when the command exits non-zero, and keeps nothing', async () => {
    const mediaId = await newVideoFile();
    await expect(
      fetchYouTubeAudio(media, mediaId, URL, settings(failingAudioCommand()), logger),
    ).rejects.toThrow(
      "[502] The video's audio could not be fetched: the audio command failed (exit code 1): ERROR: [youtube] nocaptions1: Video unavailable. This video is private",
    );
    expect(await media.find(mediaId)).toMatchObject({ completed_at: null, received_bytes: 0 });
  });

  it('fails saying why when the command is missing, writes nothing or runs past its time limit', async () => {
    await expect(
      fetchYouTubeAudio(media, await newVideoFile(), URL, settings('no-such-downloader -o -'), logger),
    ).rejects.toThrow(/^\[503\] The audio command could not be started \(spawn no-such-downloader ENOENT\)/);
    await expect(
      fetchYouTubeAudio(media, await newVideoFile(), URL, settings(`'${process.execPath}' -e ''`), logger),
    ).rejects.toThrow("[502] The video's audio could not be fetched: the audio command wrote nothing.");
    await expect(
      fetchYouTubeAudio(
        media,
        await newVideoFile(),
        URL,
        settings(`'${process.execPath}' -e 'setInterval(() => {}, 1000)'`, 1000),
        logger,
      ),
    ).rejects.toThrow("[504] Fetching the video's audio took longer than 1 seconds and was stopped.");
  });
});
