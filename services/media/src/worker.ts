import { QueueName } from '@lectern/contracts';
import { createPool } from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import {
  type Logger,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { MediaEnvSchema, transcribeEndpointOf, type MediaEnv } from './env';
import { findFfmpeg } from './ffmpeg-binary';
import { createMediaHandlers } from './handlers';
import { SpeechToText } from './speech-to-text';

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
    handlers: createMediaHandlers({
      db: pool,
      media,
      speech,
      settings: {
        ffmpeg,
        parallelPieces: env.TRANSCRIBE_PARALLEL_PIECES,
        pieceSeconds: env.TRANSCRIBE_PIECE_SECONDS,
        pieceMaxBytes: env.TRANSCRIBE_PIECE_MAX_BYTES,
      },
    }),
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
