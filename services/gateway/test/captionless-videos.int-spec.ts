import {
  CAPTIONLESS_OFFERS,
  CaptionlessCode,
  NO_CAPTIONS_MESSAGE,
  QueueName,
  TRANSCRIBE_AUDIO_UNAVAILABLE,
} from '@lectern/contracts';
import { PermanentJobError, type RunningQueueWorker } from '@lectern/queue-runtime';
import {
  gatewayDb,
  signedInBrowser,
  startAnsweringWorker,
  startTestGateway,
  watchUrl,
  type TestGateway,
} from './support';

// Analysing a video YouTube has no captions for: the transcripts worker (stood in for by a queue worker on the
// gateway's Redis prefix) answers its 422, and the gateway says what the user can do instead: on a server without an
// audio source (no YOUTUBE_AUDIO_COMMAND), upload its recording. With one, see youtube-audio-transcription.int-spec.
jest.setTimeout(60_000);

describe('analysing a video without captions', () => {
  let gateway: TestGateway;
  let worker: RunningQueueWorker;

  beforeAll(async () => {
    gateway = await startTestGateway();
    worker = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'fetch-transcript': () => Promise.reject(new PermanentJobError(422, NO_CAPTIONS_MESSAGE)),
    });
  });
  afterAll(async () => {
    await worker?.close();
    await gateway?.close();
  });

  async function analyse(gateway: TestGateway, plan: 'free' | 'pro') {
    const browser = await signedInBrowser(gateway, plan);
    if (plan === 'pro')
      await gatewayDb(gateway).query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
    const response = await browser
      .post('/api/transcripts/fetch')
      .send({ youtubeUrl: watchUrl('noCaptions1') });
    return { status: response.status, body: response.body as { message: string; code?: string } };
  }

  it('says an upload of its recording works (a Pro feature)', async () => {
    expect(await analyse(gateway, 'pro')).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} ${CAPTIONLESS_OFFERS.upload}`,
        code: CaptionlessCode.NoCaptions,
      },
    });
    expect(await analyse(gateway, 'free')).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} ${CAPTIONLESS_OFFERS.proUpload}`,
        code: CaptionlessCode.NoCaptions,
      },
    });
  });

  it("does not offer to transcribe a video's audio, and refuses to", async () => {
    const browser = await signedInBrowser(gateway, 'pro');
    await gatewayDb(gateway).query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
    const response = await browser
      .post('/api/transcripts/transcribe-audio')
      .send({ youtubeUrl: watchUrl('noCaptions1') });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: TRANSCRIBE_AUDIO_UNAVAILABLE });
    expect((await browser.get('/api/videos')).body).toEqual([]);
  });
});
