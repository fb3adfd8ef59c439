import { z } from 'zod';
import { DEFAULT_YOUTUBE_FETCHES_PER_MINUTE } from './fetch-pacing';
import { DEFAULT_YOUTUBE_TIMEOUT_MS, type YouTubeClientOptions } from './youtube-client';

const HTTP_URL = /^https?:\/\/[^\s,]+$/;

/** YOUTUBE_PROXY_URL: one or more HTTP(S) proxy URLs, comma-separated. */
const proxyList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const urls = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (const url of urls) {
      let parsed: URL | null = null;
      try {
        parsed = new URL(url);
      } catch {
        parsed = null;
      }
      if (!parsed || !HTTP_URL.test(url) || !/^https?:$/.test(parsed.protocol)) {
        // Only the position is named: a proxy URL may carry a password.
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated http:// or https:// proxy URLs; entry ${urls.indexOf(url) + 1} is not one`,
        });
        return z.NEVER;
      }
    }
    return urls;
  });

/** The worker's YouTube settings, for its environment schema to extend. */
export const YouTubeEnvSchema = z.object({
  YOUTUBE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://www.youtube.com'),
  YOUTUBE_PROXY_URL: proxyList,
  /** How long one request to YouTube may take, its body included. */
  YOUTUBE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(120_000, 'must be at most 120000')
    .default(DEFAULT_YOUTUBE_TIMEOUT_MS),
  /** YouTube fetches (a transcript, a page of a playlist) started per proxy, or direct, per minute. */
  YOUTUBE_FETCHES_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of fetches' })
    .int('must be a whole number of fetches')
    .min(1, 'must be at least 1')
    .max(6_000, 'must be at most 6000')
    .default(DEFAULT_YOUTUBE_FETCHES_PER_MINUTE),
});
export type YouTubeEnv = z.infer<typeof YouTubeEnvSchema>;

export function youTubeClientOptionsFromEnv(env: YouTubeEnv): YouTubeClientOptions {
  return { origin: env.YOUTUBE_ORIGIN, proxyUrls: env.YOUTUBE_PROXY_URL, timeoutMs: env.YOUTUBE_TIMEOUT_MS };
}
