import { QueueName } from '@lectern/contracts';
import { runWorkerProcess } from '@lectern/contracts/runtime';
import { TranscriptsEnvSchema } from './env';
import { createTranscriptsHandlers } from './handlers';
import { TranscriptStore } from './transcript-store';
import { createYouTubeClient, youTubeClientOptionsFromEnv } from './youtube';

void runWorkerProcess({
  queue: QueueName.Transcripts,
  envSchema: TranscriptsEnvSchema,
  concurrency: (env) => env.TRANSCRIPTS_CONCURRENCY,
  setup: (env) => {
    const youtube = createYouTubeClient(youTubeClientOptionsFromEnv(env));
    const store = new TranscriptStore(env.DATABASE_URL);
    return Promise.resolve({
      handlers: createTranscriptsHandlers({ youtube, store }),
      close: async () => {
        await youtube.close();
        await store.close();
      },
    });
  },
});
