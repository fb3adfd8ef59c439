import type { UploadTranscription } from '@lectern/contracts';
import type { SpeechFixture } from '@lectern/fakes/transcribe';
import { startFakeYouTube, type FakeYouTube } from '@lectern/fakes/youtube';
import { fakeAudioCommand } from '@lectern/fakes/youtube-audio';
import { createLogger, startWorkerService, type RunningWorkerService } from '@lectern/queue-runtime';
import type { GatewayEnvInput } from '../../src/config/gateway-env';
import { MediaEnvSchema } from '../../../media/src/env';
import { mediaWorker } from '../../../media/src/worker';
import { eventually } from './eventually';
import { startTestGateway, type TestGateway } from './test-gateway';

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

/** The gateway and the real media worker, transcribing uploads and captionless videos' audio alike. */
export interface TranscriptionStack {
  gateway: TestGateway;
  media: RunningWorkerService;
  /** Where the worker reads a video's title and channel (YOUTUBE_ORIGIN). */
  youtube: FakeYouTube;
  close(): Promise<void>;
}

/**
 * A test gateway (30 minutes of transcription a month on Pro unless `gatewayEnv` says otherwise) whose audio source
 * (YOUTUBE_AUDIO_COMMAND) plays the fixture's lecture for every video, a fake YouTube for the videos' titles, and the
 * real media worker on them; `workerEnv` adds to the worker's settings. `close` stops all three.
 */
export async function startTranscriptionStack(
  speech: SpeechFixture,
  options: {
    gatewayEnv?: Partial<Record<keyof GatewayEnvInput, string>>;
    workerEnv?: Record<string, string>;
  } = {},
): Promise<TranscriptionStack> {
  const command = fakeAudioCommand(speech.lecture.file);
  const youtube = await startFakeYouTube();
  const gateway = await startTestGateway({
    YOUTUBE_AUDIO_COMMAND: command,
    TRANSCRIBE_MINUTES_PRO: '30',
    ...options.gatewayEnv,
  });
  const media = await startTestMediaWorker(gateway, speech, {
    YOUTUBE_AUDIO_COMMAND: command,
    YOUTUBE_PROXY_URL: '',
    YOUTUBE_ORIGIN: youtube.url,
    ...options.workerEnv,
  });
  return {
    gateway,
    media,
    youtube,
    close: async () => {
      await media.close();
      await gateway.close();
      await youtube.close();
    },
  };
}

/**
 * How the video's transcription ended (done or failed), asked with `get` (a signed-in browser's, or a request with
 * the owner's cookie) until it has.
 */
export function settledTranscription(
  get: (path: string) => PromiseLike<{ body: unknown }>,
  videoId: string,
  timeoutMs = 120_000,
): Promise<UploadTranscription> {
  return eventually(
    async () => (await get(`/api/videos/${videoId}/transcription`)).body as UploadTranscription,
    (status) => status.state === 'done' || status.state === 'failed',
    timeoutMs,
  );
}
