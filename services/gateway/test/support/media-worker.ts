import type { SpeechFixture } from '@lectern/fakes/transcribe';
import { createLogger, startWorkerService, type RunningWorkerService } from '@lectern/queue-runtime';
import { MediaEnvSchema } from '../../../media/src/env';
import { mediaWorker } from '../../../media/src/worker';
import type { TestGateway } from './test-gateway';

/**
 * The real media worker, on the test gateway's database and Redis prefix, sending speech to the fixture's fake
 * endpoint (model `whisper-1`); `env` adds or overrides its settings (pieces, the YouTube audio command…).
 */
export function startTestMediaWorker(
  gateway: TestGateway,
  speech: Pick<SpeechFixture, 'endpoint' | 'apiKey'>,
  env: Record<string, string> = {},
): Promise<RunningWorkerService> {
  const parsed = MediaEnvSchema.parse({
    ...process.env,
    DATABASE_URL: gateway.env.DATABASE_URL,
    REDIS_URL: process.env.LECTERN_TEST_REDIS_URL,
    REDIS_PREFIX: gateway.env.REDIS_PREFIX,
    TRANSCRIBE_BASE_URL: speech.endpoint.baseURL,
    TRANSCRIBE_API_KEY: speech.apiKey,
    TRANSCRIBE_MODEL: 'whisper-1',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return startWorkerService(mediaWorker, parsed, createLogger('media', 'silent'));
}
