import { youtubeWatchUrl } from '@lectern/contracts';

/** What the library shows of a YouTube video whose audio is transcribed: YouTube's oEmbed answer for it. */
export interface YouTubeMetadata {
  title: string | null;
  channelName: string | null;
  thumbnailUrl: string | null;
}

const OEMBED_TIMEOUT_MS = 10_000;
const MAX_TEXT = 500;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_TEXT) : null;

/**
 * The video's title, channel and thumbnail from YouTube's oEmbed endpoint (at `origin`), or null when it cannot be
 * had: a failed look-up only costs the entry its title, never the transcription.
 */
export async function fetchYouTubeMetadata(
  origin: string,
  youtubeId: string,
  signal?: AbortSignal,
): Promise<YouTubeMetadata | null> {
  const url = `${origin.replace(/\/+$/, '')}/oembed?url=${encodeURIComponent(youtubeWatchUrl(youtubeId))}&format=json`;
  try {
    const timeout = AbortSignal.timeout(OEMBED_TIMEOUT_MS);
    const answer = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!answer.ok) return null;
    const body = (await answer.json()) as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null) return null;
    const metadata = {
      title: text(body.title),
      channelName: text(body.author_name),
      thumbnailUrl: text(body.thumbnail_url),
    };
    return metadata.title || metadata.channelName || metadata.thumbnailUrl ? metadata : null;
  } catch {
    return null;
  }
}
