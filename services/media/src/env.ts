import { BaseEnvSchema, DatabaseEnvShape, concurrencySetting } from '@lectern/queue-runtime';
import { ExportS3EnvShape } from '@lectern/handovers';
import { z } from 'zod';
import { audioCommandOf } from './youtube-audio';

/** OpenAI's hosted speech-to-text model, when neither TRANSCRIBE_MODEL nor anything else names one. */
export const DEFAULT_TRANSCRIBE_MODEL = 'whisper-1';
/** OpenAI's limit for one uploaded file. */
const DEFAULT_PIECE_MAX_BYTES = 25 * 1024 * 1024;

const optionalUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

export const MediaEnvSchema = BaseEnvSchema.extend({
  ...DatabaseEnvShape,
  ...ExportS3EnvShape,
  /** Recordings transcribed at once by one worker process. */
  MEDIA_CONCURRENCY: concurrencySetting(1),
  TRANSCRIBE_BASE_URL: optionalUrl,
  TRANSCRIBE_API_KEY: optionalText,
  TRANSCRIBE_MODEL: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  /** Pieces of one recording sent to the endpoint at once. */
  TRANSCRIBE_PARALLEL_PIECES: wholeNumber(1, 16, 3),
  /** About how long a piece is; it is cut at the silence nearest this length. */
  TRANSCRIBE_PIECE_SECONDS: wholeNumber(30, 1800, 600),
  /** The endpoint's limit for one file (25 MB at OpenAI); no piece is larger. */
  TRANSCRIBE_PIECE_MAX_BYTES: wholeNumber(1024 * 1024, 1024 * 1024 * 1024, DEFAULT_PIECE_MAX_BYTES),
  /** An ffmpeg binary to use rather than the one on the PATH or the one shipped with the install. */
  FFMPEG_PATH: optionalText,
  /**
   * A command writing a video's best audio to standard output (e.g. `yt-dlp -f bestaudio -o - {url}`); set,
   * captionless YouTube videos can be transcribed. Run without a shell; `{url}` is replaced, else the URL appended.
   */
  YOUTUBE_AUDIO_COMMAND: optionalText.refine(
    (text) => audioCommandOf(text, () => null) !== null,
    'is run without a shell: it may not contain pipes, redirections or comments',
  ),
  /** How long the audio command may run for one video. */
  YOUTUBE_AUDIO_TIMEOUT_MS: wholeNumber(1000, 6 * 60 * 60 * 1000, 30 * 60 * 1000),
  /** The YouTube proxies (comma-separated); the audio command gets the first as HTTPS_PROXY and HTTP_PROXY. */
  YOUTUBE_PROXY_URL: optionalText,
  YOUTUBE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://www.youtube.com'),
});
export type MediaEnv = z.infer<typeof MediaEnvSchema>;

/** The speech-to-text endpoint: the TRANSCRIBE_* settings, each defaulting to its OPENAI_* one. */
export function transcribeEndpointOf(env: MediaEnv): { baseURL?: string; apiKey?: string; model: string } {
  return {
    baseURL: env.TRANSCRIBE_BASE_URL ?? env.OPENAI_BASE_URL,
    apiKey: env.TRANSCRIBE_API_KEY ?? env.OPENAI_API_KEY,
    model: env.TRANSCRIBE_MODEL ?? DEFAULT_TRANSCRIBE_MODEL,
  };
}
