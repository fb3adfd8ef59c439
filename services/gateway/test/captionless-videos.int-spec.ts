import { NO_CAPTIONS_MESSAGE, QueueName, type CaptionlessVideoRefusal } from '@lectern/contracts';
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
// gateway's Redis prefix) answers its 422, and the gateway says what the user can do instead: have its audio
// transcribed (Pro, on a server with YOUTUBE_AUDIO_COMMAND) or upload its recording.
jest.setTimeout(60_000);

describe('analysing a video without captions', () => {
  const running: { gateway: TestGateway; worker: RunningQueueWorker }[] = [];

  async function gatewayWith(audioCommand: string): Promise<TestGateway> {
    const gateway = await startTestGateway({ YOUTUBE_AUDIO_COMMAND: audioCommand });
    const worker = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'fetch-transcript': () => Promise.reject(new PermanentJobError(422, NO_CAPTIONS_MESSAGE)),
    });
    running.push({ gateway, worker });
    return gateway;
  }
  // One gateway at a time: each test starts its own with its own setting.
  afterEach(async () => {
    for (const { gateway, worker } of running.splice(0)) {
      await worker.close();
      await gateway.close();
    }
  });

  async function analyse(gateway: TestGateway, plan: 'free' | 'pro') {
    const browser = await signedInBrowser(gateway, plan);
    if (plan === 'pro')
      await gatewayDb(gateway).query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
    const response = await browser
      .post('/api/transcripts/fetch')
      .send({ youtubeUrl: watchUrl('noCaptions1') });
    return { status: response.status, body: response.body as CaptionlessVideoRefusal };
  }

  it('offers a Pro user the transcription of its audio when the server has an audio source', async () => {
    const gateway = await gatewayWith('yt-dlp -f bestaudio -o - {url}');
    expect(await analyse(gateway, 'pro')).toEqual({
      status: 422,
      body: { message: NO_CAPTIONS_MESSAGE, transcribeAudio: true },
    });
    expect(await analyse(gateway, 'free')).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} With Pro, Lectern can transcribe its audio instead.`,
        transcribeAudio: false,
      },
    });
  });
});
