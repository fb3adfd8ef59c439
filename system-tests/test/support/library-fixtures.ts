import { startFakeYouTube, type FakeYouTube } from '@lectern/fakes/youtube';
import type { RunningQueueWorker } from '@lectern/queue-runtime';
import { startTestGateway, type TestGateway } from '../../../services/gateway/test/support';
import { startTestWorkers, stopTestWorkers } from './test-workers';

export { signedInBrowser, watchUrl } from '../../../services/gateway/test/support';

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
