import { z } from 'zod';
import type { YouTubeClientOptions } from './youtube-client';

/** CONTRACT.md's YouTube settings, for the worker's environment schema to extend. */
export const YouTubeEnvSchema = z.object({
  YOUTUBE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://www.youtube.com'),
  YOUTUBE_PROXY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
});
export type YouTubeEnv = z.infer<typeof YouTubeEnvSchema>;

export function youTubeClientOptionsFromEnv(env: YouTubeEnv): YouTubeClientOptions {
  return { origin: env.YOUTUBE_ORIGIN, proxyUrl: env.YOUTUBE_PROXY_URL ?? null };
}
