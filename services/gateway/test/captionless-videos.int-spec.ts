import { NO_CAPTIONS_MESSAGE, QueueName } from '@lectern/contracts';
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
// gateway's Redis prefix) answers its 422, and the gateway says what the user can do instead: upload its recording.
jest.setTimeout(60_000);

describe('analysing a video without captions', () => {
  const running: { gateway: TestGateway; worker: RunningQueueWorker }[] = [];

  async function startGateway(): Promise<TestGateway> {
    const gateway = await startTestGateway();
    const worker = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'fetch-transcript': () => Promise.reject(new PermanentJobError(422, NO_CAPTIONS_MESSAGE)),
    });
    running.push({ gateway, worker });
    return gateway;
  }
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
    return { status: response.status, body: response.body as { message: string } };
  }

  it('says an upload of its recording works (a Pro feature)', async () => {
    const gateway = await startGateway();
    expect(await analyse(gateway, 'pro')).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} If you have its recording, upload it and Lectern transcribes the audio.`,
      },
    });
    expect(await analyse(gateway, 'free')).toEqual({
      status: 422,
      body: {
        message: `${NO_CAPTIONS_MESSAGE} With Pro, you can upload its recording and Lectern transcribes the audio.`,
      },
    });
  });
});
