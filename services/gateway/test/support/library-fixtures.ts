import { startFakeYouTube, type FakeYouTube } from '../../../transcripts/src/fake-youtube';
import type { RunningQueueWorker } from '@lectern/queue-runtime';
import { confirmIfListedAdmin, startTestGateway, uniqueEmail, type TestGateway } from './test-gateway';
import { startTestWorkers, stopTestWorkers } from './test-workers';

export interface LibraryStack {
  gateway: TestGateway;
  youtube: FakeYouTube;
  workers: RunningQueueWorker[];
  close(): Promise<void>;
}

/** The gateway with real workers and a fake YouTube: the whole path of analysing a video. */
export async function startLibraryStack(overrides: Record<string, string> = {}): Promise<LibraryStack> {
  const youtube = await startFakeYouTube({ slowDelayMs: 2500 });
  const gateway = await startTestGateway(overrides);
  const workers = await startTestWorkers(gateway.env, { youtubeOrigin: youtube.url, youtubeTimeoutMs: 1000 });
  return {
    gateway,
    youtube,
    workers,
    async close() {
      await stopTestWorkers(workers);
      await gateway.close();
      await youtube.close();
    },
  };
}

export async function signedInBrowser(gateway: TestGateway, label = 'student', email = uniqueEmail(label)) {
  const browser = gateway.browser();
  const response = await browser
    .post('/api/auth/signup')
    .send({ email, password: 'correct horse', name: label });
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  await confirmIfListedAdmin(gateway, email);
  return Object.assign(browser, { email, userId: response.body.id as string });
}

export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
