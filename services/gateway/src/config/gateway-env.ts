import { isIP } from 'node:net';
import { z } from 'zod';
import { DevMailEnvShape, ExportS3EnvShape } from '@lectern/handovers';
import { BaseEnvSchema, DatabaseEnvShape } from '@lectern/queue-runtime';
import { parseSampleVideos } from './sample-videos';

const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http:// or https:// URL (${what})` })
    .transform((v) => v.replace(/\/+$/, ''));

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(fallback);

export const GatewayEnvSchema = BaseEnvSchema.extend({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  APP_URL: httpUrl('the public address of Lectern').optional(),
  ...DatabaseEnvShape,
  ...ExportS3EnvShape,
  ...DevMailEnvShape,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_PRICE_ID: z.string().default(''),
  /** How many proxies sit in front of the gateway (for client IPs in rate limits); 0 when none. */
  TRUST_PROXY: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(0),
  /** Login and signup requests one IP address may make in 15 minutes. */
  AUTH_RATE_LIMIT_IP: positiveInt(30),
  /** Login attempts for one email address in 15 minutes. */
  AUTH_RATE_LIMIT_EMAIL: positiveInt(10),
  /** A second port serving only /metrics without sign-in, for Prometheus; unset = off. */
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .optional(),
  /** The address the METRICS_PORT listener binds to: loopback unless a private network needs more. */
  METRICS_HOST: z
    .string()
    .refine(
      (host) => isIP(host) !== 0 || host === 'localhost',
      'must be an IP address, e.g. 127.0.0.1 or 0.0.0.0',
    )
    .default('127.0.0.1'),
  /** Where the built web app lives; defaults to frontend/dist of this checkout. */
  WEB_DIST_DIR: z.string().optional(),
  // Work one user may start: jobs waiting or running at once per queue, and jobs started per hour (failed ones
  // count too), for Free and for Pro (and admins).
  JOBS_IN_FLIGHT_FREE: positiveInt(2),
  JOBS_IN_FLIGHT_PRO: positiveInt(5),
  ANALYSES_PER_HOUR_FREE: positiveInt(30),
  ANALYSES_PER_HOUR_PRO: positiveInt(300),
  GENERATIONS_PER_HOUR_FREE: positiveInt(30),
  GENERATIONS_PER_HOUR_PRO: positiveInt(300),
  EXPORTS_PER_HOUR_FREE: positiveInt(60),
  EXPORTS_PER_HOUR_PRO: positiveInt(600),
  BILLING_REQUESTS_PER_HOUR: positiveInt(30),
  // Actions that start no job but write rows, per user and hour, on every plan (docs/api.md, "Limits").
  HIGHLIGHTS_PER_HOUR: positiveInt(300),
  REVIEW_RATINGS_PER_HOUR: positiveInt(1000),
  REGENERATIONS_PER_HOUR: positiveInt(60),
  QUIZ_ATTEMPTS_PER_HOUR: positiveInt(120),
  /** Readers of streamed answers (`GET /api/ai/streams/:id`) one user may hold open at once. */
  STREAM_READERS_PER_USER: positiveInt(10),
  /** The largest recording one upload may carry, in megabytes (2 GB by default). */
  UPLOAD_MAX_MB: positiveInt(2048),
  /** The longest recording the media worker transcribes, in minutes (4 hours by default). */
  UPLOAD_MAX_MINUTES: positiveInt(240),
  /** Minutes of uploaded recordings transcribed per user and month (UTC), on Pro and on Free (0: no uploads). */
  TRANSCRIBE_MINUTES_PRO: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(600),
  TRANSCRIBE_MINUTES_FREE: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(0),
  /**
   * The media worker's command fetching a YouTube video's audio. The gateway only asks whether it is set: with it,
   * a Pro user is offered to transcribe the audio of a video without captions.
   */
  YOUTUBE_AUDIO_COMMAND: z.string().optional(),
  /** The script defining YouTube's IFrame Player API (`YT.Player`); tests and the demo point it at a stand-in. */
  YOUTUBE_IFRAME_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL (the YouTube IFrame Player API script)',
    })
    .default('https://www.youtube.com/iframe_api'),
  /** Videos the analyse page offers to try in one click; `npm run demo` sets its sample lectures. */
  SAMPLE_VIDEOS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseSampleVideos(value);
      if (parsed.ok) return parsed.samples;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
}).superRefine(refuseHttpsWithoutProxy);

/** An https APP_URL means a TLS proxy in front; trusting none, the gateway sees http and never sets its Secure cookie. */
function refuseHttpsWithoutProxy(env: { APP_URL?: string; TRUST_PROXY: number }, ctx: z.RefinementCtx): void {
  if (env.APP_URL?.startsWith('https://') && env.TRUST_PROXY === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        'must be 1 or more when APP_URL is https: the gateway would not trust the TLS proxy in front of it, see plain http, and never send the Secure session cookie, so nobody could stay signed in',
    });
}

export type GatewayEnvInput = z.input<typeof GatewayEnvSchema>;
type ParsedGatewayEnv = z.infer<typeof GatewayEnvSchema>;

export interface GatewayEnv extends Omit<ParsedGatewayEnv, 'APP_URL' | 'SESSION_SECRET'> {
  APP_URL: string;
  SESSION_SECRET: string;
  /** True when SESSION_SECRET was not given and a random one is in use (sessions end at restart). */
  sessionSecretGenerated: boolean;
}
