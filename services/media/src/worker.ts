import { QueueName } from '@lectern/contracts';
import {
  type JobHandlers,
  type Logger,
  PermanentJobError,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { transcribeRecording, type RecordingTranscriptionDeps } from './recording-transcription';
import { createPool, saveYouTubeAudioMetadata } from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import { MediaEnvSchema, transcribeEndpointOf, type MediaEnv } from './env';
import { findFfmpeg } from './ffmpeg-binary';
import { SpeechToText } from './speech-to-text';
import { audioCommandOf, fetchYouTubeAudio, proxyEnvOf, type YouTubeAudioSettings } from './youtube-audio';
import { fetchYouTubeMetadata } from './youtube-metadata';

/** The media worker's jobs: `transcribe-media`, reporting its progress on the job as it goes. */
export function createMediaHandlers(
  deps: RecordingTranscriptionDeps,
  youtube: YouTubeAudioSettings & { origin: string } = { command: [], env: {}, timeoutMs: 0, origin: '' },
): JobHandlers<typeof QueueName.Media> {
  return {
    'transcribe-media': (data, { job, signal, logger }) =>
      transcribeRecording(deps, data, {
        signal,
        progress: async (progress) => {
          logger.debug({ mediaId: data.mediaId, ...progress }, 'transcription progress');
          await job.updateProgress({ ...progress });
        },
      }),
    'transcribe-youtube-audio': async (data, { job, signal, logger }) => {
      const file = await deps.media.find(data.mediaId);
      if (!file || file.user_id !== data.userId) throw new PermanentJobError(404, 'Video not found.');
      if (!file.completed_at) {
        await job.updateProgress({ phase: 'fetching', piecesDone: 0, pieceCount: 0, percent: 0 });
        // The entry starts with a stand-in title: YouTube's own replaces it, with the channel and thumbnail.
        const metadata = await fetchYouTubeMetadata(youtube.origin, data.youtubeId, signal);
        if (metadata) await saveYouTubeAudioMetadata(deps.db, data.mediaId, metadata);
        const url = `${youtube.origin.replace(/\/+$/, '')}/watch?v=${encodeURIComponent(data.youtubeId)}`;
        await fetchYouTubeAudio(deps.media, data.mediaId, url, youtube, logger, signal);
      }
      return transcribeRecording(deps, data, {
        signal,
        progress: async (progress) => {
          logger.debug({ mediaId: data.mediaId, ...progress }, 'transcription progress');
          await job.updateProgress({ ...progress });
        },
      });
    },
  };
}

const NO_FFMPEG =
  'The media worker needs ffmpeg to transcribe: install it (Debian: apt-get install ffmpeg), or set FFMPEG_PATH to its binary.';

/**
 * The media worker's resources: ffmpeg, the recordings in the media store (PostgreSQL, or the EXPORT_S3_URL
 * bucket), the speech-to-text endpoint, and the database where pieces and transcripts are kept.
 */
export function createMediaRuntime(
  env: MediaEnv,
  logger: Logger,
): Promise<WorkerRuntime<typeof QueueName.Media>> {
  const ffmpeg = findFfmpeg(env.FFMPEG_PATH);
  // Without ffmpeg the worker still starts (the rest of Lectern stays ready); each transcription fails saying why.
  if (!ffmpeg) logger.warn(NO_FFMPEG);
  const pool = createPool(env.DATABASE_URL, {
    max: 2 + env.TRANSCRIBE_PARALLEL_PIECES,
    onError: (error) => logger.warn({ err: error }, 'an idle database connection failed'),
  });
  const media = new MediaStore(pool, env.EXPORT_S3_URL);
  const endpoint = transcribeEndpointOf(env);
  const speech = new SpeechToText(endpoint);
  logger.info(
    { ffmpeg, model: speech.model, endpoint: endpoint.baseURL ?? 'OpenAI' },
    'transcription set up',
  );
  return Promise.resolve({
    handlers: createMediaHandlers(
      {
        db: pool,
        media,
        speech,
        settings: {
          ffmpeg,
          parallelPieces: env.TRANSCRIBE_PARALLEL_PIECES,
          pieceSeconds: env.TRANSCRIBE_PIECE_SECONDS,
          pieceMaxBytes: env.TRANSCRIBE_PIECE_MAX_BYTES,
        },
      },
      {
        command: audioCommandOf(env.YOUTUBE_AUDIO_COMMAND),
        env: proxyEnvOf(env.YOUTUBE_PROXY_URL),
        timeoutMs: env.YOUTUBE_AUDIO_TIMEOUT_MS,
        origin: env.YOUTUBE_ORIGIN,
      },
    ),
    close: async () => {
      await media.close();
      await pool.end();
    },
  });
}

/** The media worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const mediaWorker: WorkerService<typeof QueueName.Media, typeof MediaEnvSchema> = {
  queue: QueueName.Media,
  envSchema: MediaEnvSchema,
  concurrency: (env) => env.MEDIA_CONCURRENCY,
  setup: createMediaRuntime,
};

if (require.main === module) void runWorkerProcess(mediaWorker);
