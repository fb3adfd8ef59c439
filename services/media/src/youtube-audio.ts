import { spawn } from 'node:child_process';
import type { MediaStore } from '@lectern/handovers';
import { PermanentJobError } from '@lectern/queue-runtime';
import { parse } from 'shell-quote';

/** Where the video's URL goes in YOUTUBE_AUDIO_COMMAND; without it, the URL is the command's last argument. */
export const URL_PLACEHOLDER = '{url}';

/** How much of the command's standard error is kept for the log and the failure message. */
const STDERR_KEPT_CHARS = 4000;

export interface YouTubeAudioSettings {
  /** YOUTUBE_AUDIO_COMMAND, split into its arguments; empty when the operator set none. */
  command: string[];
  /** Environment added to the worker's own for the command: the YouTube proxy, when one is configured. */
  env: Record<string, string>;
  timeoutMs: number;
}

/**
 * YOUTUBE_AUDIO_COMMAND as arguments, split as a shell would split it (quotes kept together) but never run by a
 * shell: `$VAR`, pipes and redirections are refused rather than passed on as text.
 */
export function audioCommandOf(text: string | undefined): string[];
export function audioCommandOf<T>(text: string | undefined, refused: () => T): string[] | T;
export function audioCommandOf<T>(text: string | undefined, refused?: () => T): string[] | T {
  if (!text?.trim()) return [];
  const words = parse(text, (name) => `$${name}`);
  if (words.every((word) => typeof word === 'string')) return words;
  if (refused) return refused();
  throw new Error(
    'YOUTUBE_AUDIO_COMMAND is run without a shell: it may not contain pipes, redirections or comments',
  );
}

/** The command's arguments for one video: `{url}` replaced by its URL, or the URL appended. */
export function argumentsFor(command: string[], url: string): string[] {
  return command.some((word) => word.includes(URL_PLACEHOLDER))
    ? command.map((word) => word.split(URL_PLACEHOLDER).join(url))
    : [...command, url];
}

/**
 * The environment for the audio command: the YouTube proxy (the first of YOUTUBE_PROXY_URL) as the usual proxy
 * variables, which yt-dlp and most downloaders honour.
 */
export function proxyEnvOf(proxyUrls: string | undefined): Record<string, string> {
  const proxy = proxyUrls
    ?.split(',')
    .map((part) => part.trim())
    .find(Boolean);
  return proxy ? { HTTPS_PROXY: proxy, HTTP_PROXY: proxy, https_proxy: proxy, http_proxy: proxy } : {};
}

export interface AudioCommandLogger {
  warn(details: object, message: string): void;
}

/**
 * Runs the audio command for a video and streams what it writes to standard output into the media store as the
 * recording `mediaId`, then marks it whole. Bytes are appended as they come, never gathered in memory. A command
 * that exits non-zero, writes nothing or outlasts the time limit fails the job saying so (its standard error,
 * bounded, is logged and quoted).
 */
export async function fetchYouTubeAudio(
  media: MediaStore,
  mediaId: string,
  url: string,
  settings: YouTubeAudioSettings,
  logger: AudioCommandLogger,
  signal?: AbortSignal,
): Promise<void> {
  const [program, ...args] = argumentsFor(settings.command, url);
  if (!program)
    throw new PermanentJobError(503, 'Transcribing YouTube audio is not available on this server.');
  // A run cut short by a restart left some bytes: the command starts again from the first byte.
  await media.restart(mediaId);

  const child = spawn(program, args, {
    env: { ...process.env, ...settings.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT_CHARS);
  });
  let timedOut = false;
  const stop = () => child.kill('SIGKILL');
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, settings.timeoutMs);
  signal?.addEventListener('abort', stop, { once: true });
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });

  try {
    const [appended, exit] = await Promise.all([
      media.append(mediaId, 0, child.stdout).catch((error: unknown) => {
        stop();
        throw error;
      }),
      exited,
    ]);
    const lastLine = stderr.trim().split('\n').pop()?.trim();
    if (stderr.trim()) logger.warn({ mediaId, stderr: stderr.trim() }, 'the audio command wrote to stderr');
    if (exit.error)
      throw new PermanentJobError(
        503,
        `The audio command could not be started (${exit.error.message}); ask the operator to check YOUTUBE_AUDIO_COMMAND.`,
      );
    if (timedOut)
      throw new PermanentJobError(
        504,
        `Fetching the video's audio took longer than ${Math.round(settings.timeoutMs / 1000)} seconds and was stopped.`,
      );
    if (signal?.aborted) throw new Error('Fetching the video audio was stopped.');
    if (exit.code !== 0)
      throw new PermanentJobError(
        502,
        `The video's audio could not be fetched: the audio command failed (exit code ${exit.code})${lastLine ? `: ${lastLine}` : '.'}`,
      );
    if (appended === 0)
      throw new PermanentJobError(
        502,
        "The video's audio could not be fetched: the audio command wrote nothing.",
      );
    await media.finish(mediaId);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}
