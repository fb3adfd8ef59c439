import { readFile } from 'node:fs/promises';
import {
  TRANSCRIBE_AUDIO_NEEDS_PRO,
  TranscribeAudioStartedSchema,
  UPLOADS_PATH,
  UploadFinishedSchema,
  type UploadTranscription,
  type UsageStats,
  type Video,
} from '@lectern/contracts';
import { LECTURE, startSpeechFixture, type SpeechFixture } from '@lectern/fakes/transcribe';
import { TRANSCRIPTION_NOT_FAILED, UPLOAD_NEEDS_PRO } from '../src/uploads/uploads.service';
import {
  gatewayDb,
  settledTranscription,
  signedInBrowser,
  startTranscriptionStack,
  watchUrl,
  type TestGateway,
  type TranscriptionStack,
} from './support';

// A transcription that failed, tried again: the real gateway and media worker, a lecture spoken by espeak-ng, and a
// fake speech-to-text endpoint at the network boundary that refuses one piece once (a refusal fails the job at once).
jest.setTimeout(180_000);

describe('trying a failed transcription again', () => {
  let gateway: TestGateway;
  let speech: SpeechFixture;
  let stack: TranscriptionStack;

  beforeAll(async () => {
    speech = await startSpeechFixture({
      sentences: LECTURE,
      apiKey: 'sk-retry-test',
      speak: { pauseAfter: () => 1.2 },
    });
    // Pieces of 30 s, one at a time: the first is done before the second is refused.
    stack = await startTranscriptionStack(speech, {
      workerEnv: { TRANSCRIBE_PIECE_SECONDS: '30', TRANSCRIBE_PARALLEL_PIECES: '1' },
    });
    gateway = stack.gateway;
  });
  afterAll(async () => {
    await stack?.close();
    await speech?.close();
  });

  async function proStudent() {
    const browser = await signedInBrowser(gateway, 'pro');
    await setPlan(browser.userId, 'pro');
    return browser;
  }
  type Student = Awaited<ReturnType<typeof proStudent>>;
  const setPlan = (userId: string, plan: 'free' | 'pro') =>
    gatewayDb(gateway).query('UPDATE users SET plan = $2 WHERE id = $1', [userId, plan]);

  /** Uploads the spoken lecture in one request, as tus-js-client does for a small file. */
  async function upload(browser: Student): Promise<string> {
    const recording = await readFile(speech.lecture.file);
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await browser
      .post(UPLOADS_PATH)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Length', String(recording.length))
      .set('Upload-Metadata', `filename ${base64('Retried lecture.mp3')},filetype ${base64('audio/mpeg')}`);
    expect(created.status).toBe(201);
    const sent = await browser
      .patch(new URL(created.headers.location as string, 'http://gateway').pathname)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(recording);
    expect(sent.status).toBe(200);
    return UploadFinishedSchema.parse(JSON.parse(sent.text)).videoId;
  }

  const settled = (browser: Student, videoId: string) =>
    settledTranscription((path) => browser.get(path), videoId);
  const retry = (browser: Student, videoId: string) =>
    browser.post(`/api/videos/${videoId}/transcription/retry`);

  it('goes on from the piece where the failed upload transcription stopped, under the plan’s rules', async () => {
    const pro = await proStudent();
    const before = speech.endpoint.requests.length;
    speech.endpoint.failNext(400, 'piece-1.wav');
    const videoId = await upload(pro);
    expect(await settled(pro, videoId)).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('The speech-to-text endpoint refused the recording (400)') as string,
    });
    expect(((await pro.get('/api/usage')).body as UsageStats).transcriptionMinutes?.used).toBe(0);

    // Nobody else may retry it; on Free the plan's refusal is said, as for a first upload.
    const stranger = await proStudent();
    expect((await retry(stranger, videoId)).status).toBe(404);
    await setPlan(pro.userId, 'free');
    const refused = await retry(pro, videoId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: UPLOAD_NEEDS_PRO });
    await setPlan(pro.userId, 'pro');

    const retried = await retry(pro, videoId);
    expect(retried.status).toBe(202);
    expect((retried.body as UploadTranscription).state).not.toBe('failed');
    expect(await settled(pro, videoId)).toMatchObject({
      state: 'done',
      transcribedBy: { method: 'speech-recognition', model: 'whisper-1' },
    });
    const video = (await pro.get(`/api/videos/${videoId}`)).body as Video;
    expect(video.transcriptSegments.map((segment) => segment.text)).toEqual(LECTURE);

    // The first piece, transcribed before the failure, was never sent again; the refused one was, once.
    const mine = speech.endpoint.requests.slice(before);
    expect(mine.filter((r) => r.fileName === 'piece-0.wav').map((r) => r.status)).toEqual([200]);
    expect(mine.filter((r) => r.fileName === 'piece-1.wav').map((r) => r.status)).toEqual([400, 200]);
    expect(((await pro.get('/api/usage')).body as UsageStats).transcriptionMinutes?.used).toBe(1);

    // A transcription that is done is not tried again.
    const again = await retry(pro, videoId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: TRANSCRIPTION_NOT_FAILED });
  });

  it("tries a failed transcription of a video's audio again, with the audio already fetched", async () => {
    const pro = await proStudent();
    speech.endpoint.failNext(400);
    const started = await pro
      .post('/api/transcripts/transcribe-audio')
      .send({ youtubeUrl: watchUrl('noCaptions1') });
    expect(started.status).toBe(202);
    const { videoId } = TranscribeAudioStartedSchema.parse(started.body);
    expect(await settled(pro, videoId)).toMatchObject({ state: 'failed' });

    await setPlan(pro.userId, 'free');
    const refused = await retry(pro, videoId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: TRANSCRIBE_AUDIO_NEEDS_PRO });
    await setPlan(pro.userId, 'pro');

    expect((await retry(pro, videoId)).status).toBe(202);
    expect(await settled(pro, videoId)).toMatchObject({ state: 'done' });
    const video = (await pro.get(`/api/videos/${videoId}`)).body as Video;
    expect(video).toMatchObject({ youtubeId: 'noCaptions1', title: 'A lecture without captions' });
    expect(video.transcriptSegments.map((segment) => segment.text)).toEqual(LECTURE);
  });
});
