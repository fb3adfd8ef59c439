import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import {
  UPLOADS_PATH,
  UploadFinishedSchema,
  type Course,
  type UsageStats,
  type Video,
  type VideoSummary,
} from '@lectern/contracts';
import { LECTURE, startSpeechFixture, type SpeechFixture } from '@lectern/fakes/transcribe';
import type { RunningWorkerService } from '@lectern/queue-runtime';
import * as tus from 'tus-js-client';
import {
  gatewayDb,
  rowsOfRecording,
  settledTranscription,
  signedInBrowser,
  startTestGateway,
  startTestMediaWorker,
  uniqueEmail,
  type TestGateway,
} from './support';

// The real gateway (listening, as a browser reaches it) and the real media worker on its queue, a lecture spoken by
// espeak-ng, and a fake speech-to-text endpoint at the network boundary; the tus client is the one browsers use.
jest.setTimeout(180_000);

const KEY = 'sk-upload-test';
const MB = 1024 * 1024;

describe('uploading a recording', () => {
  let gateway: TestGateway;
  let base: string;
  let speech: SpeechFixture;
  let worker: RunningWorkerService;
  let recording: Buffer;
  const operatorEmail = uniqueEmail('operator');

  beforeAll(async () => {
    // WAV, so the recording is large enough (about a megabyte) for an upload cut off in the middle.
    speech = await startSpeechFixture({
      sentences: LECTURE,
      apiKey: KEY,
      speak: { pauseAfter: () => 1.2, format: 'wav' },
    });
    recording = await readFile(speech.lecture.file);
    // One minute a month on Pro: the spoken lecture (under a minute) uses it up.
    gateway = await startTestGateway({
      UPLOAD_MAX_MB: '5',
      TRANSCRIBE_MINUTES_PRO: '1',
      ADMIN_EMAILS: operatorEmail,
    });
    await gateway.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
    worker = await startTestMediaWorker(gateway, speech, { TRANSCRIBE_PIECE_SECONDS: '30' });
  });
  afterAll(async () => {
    await worker?.close();
    await gateway?.close();
    await speech?.close();
  });

  /** A new account's session cookie, on the plan given. */
  async function signedIn(plan: 'free' | 'pro'): Promise<string> {
    const response = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail(plan), password: 'correct horse', name: plan });
    const userId = (response.body as { id: string }).id;
    if (plan === 'pro')
      await gatewayDb(gateway).query("UPDATE users SET plan = 'pro' WHERE id = $1", [userId]);
    return (response.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  }

  /** Reads a path as the holder of the session cookie. */
  const ownerGet = (cookie: string) => (path: string) => gateway.http().get(path).set('Cookie', cookie);

  const uploadOptions = (cookie: string, fileName: string, extra: Partial<tus.UploadOptions> = {}) => ({
    endpoint: `${base}${UPLOADS_PATH}`,
    headers: { Cookie: cookie },
    metadata: { filename: fileName, filetype: 'audio/wav' },
    retryDelays: [],
    ...extra,
  });

  /** Runs an upload to its end: its last answer's body, or the refusal's status and message. */
  function run(
    source: Buffer,
    options: tus.UploadOptions,
  ): Promise<{ ok: true; body: string } | { ok: false; status: number; message: string }> {
    return new Promise((resolve) => {
      const upload = new tus.Upload(source, {
        ...options,
        onSuccess: ({ lastResponse }) => resolve({ ok: true, body: lastResponse.getBody() }),
        onError: (error) => {
          const response = (error as tus.DetailedError).originalResponse;
          const body = response?.getBody() ?? '{}';
          resolve({
            ok: false,
            status: response?.getStatus() ?? 0,
            message: (JSON.parse(body || '{}') as { message?: string }).message ?? body,
          });
        },
      });
      upload.start();
    });
  }

  const uploadOffset = async (cookie: string, uploadUrl: string) => {
    const head = await gateway
      .http()
      .head(new URL(uploadUrl, base).pathname)
      .set('Cookie', cookie)
      .set('Tus-Resumable', '1.0.0');
    return Number(head.headers['upload-offset']);
  };

  it('takes a recording cut off mid-way and resumed, lists it, and stores its transcript with timestamps', async () => {
    const cookie = await signedIn('pro');

    // The first attempt is cut off in the middle of a request, as a dropped connection would.
    let uploadUrl = '';
    await new Promise<void>((resolve) => {
      const upload: tus.Upload = new tus.Upload(recording, {
        ...uploadOptions(cookie, 'Photosynthesis lecture.wav'),
        chunkSize: 400 * 1024,
        onProgress: (sent) => {
          if (sent > 600 * 1024 && upload.url) {
            uploadUrl = upload.url;
            void upload.abort().then(() => resolve());
          }
        },
        onError: () => resolve(),
      });
      upload.start();
    });
    expect(uploadUrl).not.toBe('');
    const kept = await uploadOffset(cookie, uploadUrl);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(recording.length);

    // The second attempt asks the server where it stands and sends only the rest.
    const resumed = await run(recording, {
      ...uploadOptions(cookie, 'Photosynthesis lecture.wav'),
      uploadUrl,
      onChunkComplete: () => undefined,
    });
    if (!resumed.ok) throw new Error(`the resumed upload failed: ${resumed.status} ${resumed.message}`);
    const { videoId, mediaId } = UploadFinishedSchema.parse(JSON.parse(resumed.body));
    expect(await uploadOffset(cookie, uploadUrl)).toBe(recording.length);

    const library = await gateway.http().get('/api/videos').set('Cookie', cookie);
    expect(library.body as VideoSummary[]).toEqual([
      expect.objectContaining({ id: videoId, title: 'Photosynthesis lecture', youtubeUrl: '' }),
    ]);

    // The page may open the entry while it is transcribed; what it is answered then must not outlive the wait.
    expect((await gateway.http().get(`/api/videos/${videoId}`).set('Cookie', cookie)).status).toBe(200);

    const done = await settledTranscription(ownerGet(cookie), videoId);
    expect(done).toMatchObject({
      state: 'done',
      transcribedBy: { method: 'speech-recognition', model: 'whisper-1' },
    });

    const video = (await gateway.http().get(`/api/videos/${videoId}`).set('Cookie', cookie)).body as Video;
    expect(video).toMatchObject({
      title: 'Photosynthesis lecture',
      youtubeUrl: '',
      transcribedBy: { method: 'speech-recognition', model: 'whisper-1' },
    });
    expect(video.transcriptSegments).toHaveLength(LECTURE.length);
    video.transcriptSegments.forEach((segment, index) => {
      expect(Math.abs(segment.start - speech.lecture.sentences[index]!.start)).toBeLessThan(1);
    });
    expect(video.transcriptText).toContain(LECTURE[0]!.split(' ')[0]!);

    // The title starts as the file's name and is the user's to change.
    const renamed = await gateway
      .http()
      .patch(`/api/videos/${videoId}`)
      .set('Cookie', cookie)
      .send({ title: '  Light and sugar  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ title: 'Light and sugar' });
    const retitled = (await gateway.http().get(`/api/videos/${videoId}`).set('Cookie', cookie)).body as Video;
    expect(retitled).toMatchObject({ title: 'Light and sugar', transcriptText: video.transcriptText });
    const empty = await gateway
      .http()
      .patch(`/api/videos/${videoId}`)
      .set('Cookie', cookie)
      .send({ title: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Please give the recording a title.' });

    // Another user neither reads how it went nor renames it: the entry is not theirs, so it does not exist.
    const stranger = await signedIn('pro');
    const peek = await gateway.http().get(`/api/videos/${videoId}/transcription`).set('Cookie', stranger);
    expect(peek.status).toBe(404);
    const takeover = await gateway
      .http()
      .patch(`/api/videos/${videoId}`)
      .set('Cookie', stranger)
      .send({ title: 'Mine now' });
    expect(takeover.status).toBe(404);
    expect(
      ((await gateway.http().get(`/api/videos/${videoId}`).set('Cookie', cookie)).body as Video).title,
    ).toBe('Light and sugar');

    // A recording is a lecture like any video: a course takes it, under its title, with no YouTube link.
    const course = await gateway.http().post('/api/courses').set('Cookie', cookie).send({ title: 'Biology' });
    expect(course.status).toBe(201);
    const lectures = await gateway
      .http()
      .put(`/api/courses/${(course.body as Course).id}/lectures`)
      .set('Cookie', cookie)
      .send({ videoIds: [videoId] });
    expect(lectures.status).toBe(200);
    expect((lectures.body as Course).lectures).toEqual([
      expect.objectContaining({
        number: 1,
        videoId,
        youtubeId: null,
        title: 'Light and sugar',
        state: 'ready',
        duration: Math.round(speech.lecture.durationSeconds),
      }),
    ]);

    // Minutes count once the transcript is stored: the month's allowance is now used, and the operator sees them.
    const usage = await gateway.http().get('/api/usage').set('Cookie', cookie);
    expect((usage.body as UsageStats).transcriptionMinutes).toEqual({ used: 1, limit: 1 });
    const more = await run(recording, uploadOptions(cookie, 'Second lecture.wav'));
    expect(more).toEqual({
      ok: false,
      status: 402,
      message: expect.stringContaining('all 1 minutes of recordings your plan includes') as string,
    });
    const operator = await signedInBrowser(gateway, 'operator', operatorEmail);
    const metrics = (await operator.get('/metrics')).text;
    const minutes = Number(/^lectern_transcribed_minutes_total (\S+)$/m.exec(metrics)?.[1]);
    expect(minutes).toBeCloseTo(speech.lecture.durationSeconds / 60, 1);

    // The recording and its transcript are the user's alone: they go with the library entry.
    expect((await gateway.http().delete(`/api/videos/${videoId}`).set('Cookie', cookie)).status).toBe(204);
    expect(await rowsOfRecording(gateway, mediaId)).toEqual({ transcripts: 0, recordings: 0 });
  });

  it('reports a recording it cannot read as failed, saying why', async () => {
    const cookie = await signedIn('pro');
    const finished = await run(Buffer.from('not a recording at all'.repeat(100)), {
      ...uploadOptions(cookie, 'damaged.mp3'),
    });
    if (!finished.ok) throw new Error(`the upload failed: ${finished.status} ${finished.message}`);
    const { videoId } = UploadFinishedSchema.parse(JSON.parse(finished.body));
    const status = await settledTranscription(ownerGet(cookie), videoId, 60_000);
    expect(status).toMatchObject({
      state: 'failed',
      message: 'Lectern could not read this recording: the file is damaged, or holds no audio it can decode.',
      transcribedBy: null,
    });

    // Deleting the account takes the recording and its transcript row with it.
    const { mediaId } = UploadFinishedSchema.parse(JSON.parse(finished.body));
    const deleted = await gateway
      .http()
      .delete('/api/auth/me')
      .set('Cookie', cookie)
      .send({ password: 'correct horse' });
    expect(deleted.status).toBe(200);
    expect(await rowsOfRecording(gateway, mediaId)).toEqual({ transcripts: 0, recordings: 0 });
  });

  it('refuses a Free account with the plan it needs', async () => {
    const cookie = await signedIn('free');
    const refused = await run(recording, uploadOptions(cookie, 'lecture.wav'));
    expect(refused).toEqual({
      ok: false,
      status: 403,
      message: expect.stringContaining('Upgrade to Pro') as string,
    });
  });

  it('refuses a file of a kind it does not transcribe', async () => {
    const cookie = await signedIn('pro');
    const refused = await run(Buffer.from('%PDF-1.7'), uploadOptions(cookie, 'slides.pdf'));
    expect(refused).toEqual({
      ok: false,
      status: 415,
      message: expect.stringContaining('mp3, m4a, wav, ogg, webm, mp4, mov') as string,
    });
  });

  it('refuses a recording over the size limit before any byte is sent', async () => {
    const cookie = await signedIn('pro');
    const refused = await run(Buffer.alloc(6 * MB), uploadOptions(cookie, 'long lecture.mp3'));
    expect(refused).toEqual({
      ok: false,
      status: 413,
      message: 'This recording is larger than the 5 MB an upload may carry.',
    });
  });

  it('answers 404 for another user’s upload', async () => {
    const owner = await signedIn('pro');
    const other = await signedIn('pro');
    let uploadUrl = '';
    await new Promise<void>((resolve) => {
      const upload: tus.Upload = new tus.Upload(recording, {
        ...uploadOptions(owner, 'mine.wav'),
        chunkSize: 256 * 1024,
        onChunkComplete: () => {
          uploadUrl = upload.url!;
          void upload.abort().then(() => resolve());
        },
        onError: () => resolve(),
      });
      upload.start();
    });
    const head = await gateway
      .http()
      .head(new URL(uploadUrl, base).pathname)
      .set('Cookie', other)
      .set('Tus-Resumable', '1.0.0');
    expect(head.status).toBe(404);
  });
});
