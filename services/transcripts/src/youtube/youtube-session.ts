import type { PermanentJobError, TransientJobError } from '@lectern/contracts/runtime';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { captionFormatOf, type CaptionFormat } from './normalise';
import {
  asPlayerResponse,
  captionTracksOf,
  chooseCaptionTrack,
  findInlinePlayerResponse,
  type CaptionTrack,
  type PlayerResponse,
  type TrackWish,
} from './player-response';
import { YouTubeFailures } from './youtube-errors';

export const YOUTUBE_WEB_ORIGIN = 'https://www.youtube.com';

/** CONTRACT.md "YouTube traffic": the only paths Lectern ever requests. */
export const YOUTUBE_PATHS = ['/youtubei/v1/player', '/watch', '/api/timedtext', '/oembed'] as const;

export interface YouTubeSessionConfig {
  /** Where requests for https://www.youtube.com go instead (YOUTUBE_ORIGIN); may carry a path prefix. */
  origin: string;
  /** The proxy (YOUTUBE_PROXY_URL) or any other undici dispatcher; none means direct. */
  dispatcher?: Dispatcher;
  /** Each request, including reading its body, must finish within this. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Which caption track to read. */
  wish?: TrackWish;
}

const MAX_REDIRECTS = 3;
// YouTube sends rate-limited clients to google.com/sorry/…
const SORRY = Symbol('rate limited');

type FetchInput = Parameters<typeof globalThis.fetch>[0];
type FetchInit = Parameters<typeof globalThis.fetch>[1];

/**
 * The traffic of one transcript fetch. Its `fetch` is what youtube-transcript is given: it sends every
 * request to the configured origin through the proxy, with a timeout, and refuses any other destination.
 * It also watches what YouTube answers, because the library swallows some failures (a 429 from InnerTube
 * silently falls back to the watch page) and cannot tell a manual track from an auto-generated one.
 */
export class YouTubeSession {
  /** The first failure YouTube's answers caused; once set, every further request fails the same way at once. */
  failure: PermanentJobError | TransientJobError | null = null;
  readonly playerResponses: PlayerResponse[] = [];
  chosenTrack: CaptionTrack | null = null;
  /** Every track the player response listed, before Lectern kept only the chosen one. */
  listedTracks: CaptionTrack[] = [];
  captionFormat: CaptionFormat | null = null;
  private readonly base: string;

  constructor(private readonly config: YouTubeSessionConfig) {
    this.base = config.origin.replace(/\/+$/, '');
  }

  readonly fetch = async (input: FetchInput, init?: FetchInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await this.request(url, init);
    const path = new URL(url).pathname;
    if (answer.status === 200 && path === '/youtubei/v1/player') return this.onPlayerResponse(answer);
    if (answer.status === 200 && path === '/watch') return this.onWatchPage(answer);
    if (answer.status === 200 && path === '/api/timedtext') this.captionFormat = captionFormatOf(answer.body);
    return toResponse(answer);
  };

  /** One request to YouTube, on behalf of the library or of Lectern (oEmbed). */
  async request(youtubeUrl: string, init?: FetchInit, redirects = 0): Promise<Answer> {
    if (this.failure) throw this.failure;
    const target = this.rewrite(youtubeUrl);
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signals = this.config.signal ? [timeout, this.config.signal] : [timeout];

    let answer: Answer;
    try {
      const response = await undiciFetch(target, {
        method: init?.method ?? 'GET',
        headers: headersOf(init?.headers),
        body: typeof init?.body === 'string' ? init.body : undefined,
        redirect: 'manual',
        signal: AbortSignal.any(signals),
        dispatcher: this.config.dispatcher,
      });
      answer = {
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type'),
        location: response.headers.get('location'),
        body: await response.text(),
      };
    } catch (error) {
      if (this.config.signal?.aborted) throw this.config.signal.reason;
      throw this.fail(
        timeout.aborted || isTimeout(error) ? YouTubeFailures.timeout() : YouTubeFailures.network(),
      );
    }

    if (answer.status === 429 || this.isCaptchaPage(youtubeUrl, answer)) {
      throw this.fail(YouTubeFailures.rateLimited());
    }
    if (answer.status >= 500) throw this.fail(YouTubeFailures.upstream());
    if (answer.status >= 300 && answer.status < 400) {
      const next = this.redirectTarget(youtubeUrl, answer.location);
      if (next === SORRY) throw this.fail(YouTubeFailures.rateLimited());
      if (next === null || redirects >= MAX_REDIRECTS) throw this.fail(YouTubeFailures.unexpected());
      return this.request(next, { headers: init?.headers }, redirects + 1);
    }
    return answer;
  }

  // The marker youtube-transcript looks for too; only pages are searched, never caption texts.
  private isCaptchaPage(youtubeUrl: string, answer: Answer): boolean {
    const page = new URL(youtubeUrl).pathname === '/watch' || answer.status >= 400;
    return page && answer.body.includes('class="g-recaptcha"');
  }

  private fail<E extends PermanentJobError | TransientJobError>(error: E): E {
    this.failure ??= error;
    return error;
  }

  /** https://www.youtube.com/<allowed path> becomes <origin>/<allowed path>; anything else is refused. */
  private rewrite(youtubeUrl: string): string {
    let url: URL;
    try {
      url = new URL(youtubeUrl);
    } catch {
      throw this.fail(YouTubeFailures.unexpected());
    }
    const allowed = (YOUTUBE_PATHS as readonly string[]).includes(url.pathname);
    if (url.origin !== YOUTUBE_WEB_ORIGIN || !allowed) throw this.fail(YouTubeFailures.unexpected());
    return `${this.base}${url.pathname}${url.search}`;
  }

  /** Follows a redirect only to another allowed YouTube address; YouTube's "sorry" page means rate limiting. */
  private redirectTarget(from: string, location: string | null): string | typeof SORRY | null {
    if (!location) return null;
    let url: URL;
    try {
      url = new URL(location, from);
    } catch {
      return null;
    }
    if (url.pathname.startsWith('/sorry')) return SORRY;
    const origin = new URL(this.base);
    // A relative redirect from the configured origin is a redirect within YouTube.
    if (url.origin === origin.origin) url = new URL(`${url.pathname}${url.search}`, YOUTUBE_WEB_ORIGIN);
    const allowed = (YOUTUBE_PATHS as readonly string[]).includes(url.pathname);
    return url.origin === YOUTUBE_WEB_ORIGIN && allowed ? url.href : null;
  }

  private onPlayerResponse(answer: Answer): Response {
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      return toResponse(answer);
    }
    const response = asPlayerResponse(json);
    if (!response) return toResponse(answer);
    return toResponse({ ...answer, body: JSON.stringify(this.keepChosenTrack(response)) });
  }

  private onWatchPage(answer: Answer): Response {
    const found = findInlinePlayerResponse(answer.body);
    const response = found ? asPlayerResponse(found.json) : null;
    if (!found || !response) return toResponse(answer);
    const json = JSON.stringify(this.keepChosenTrack(response));
    return toResponse({
      ...answer,
      body: answer.body.slice(0, found.start) + json + answer.body.slice(found.end),
    });
  }

  /**
   * youtube-transcript reads the first caption track unless given a language, and a language cannot tell
   * a manual English track from the auto-generated English one. So the player response it sees lists only
   * the track Lectern chose.
   */
  private keepChosenTrack(response: PlayerResponse): PlayerResponse {
    this.playerResponses.push(response);
    const tracks = captionTracksOf(response);
    if (tracks.length === 0) return response;
    this.listedTracks = tracks;
    const wish = this.config.wish ?? {};
    const chosen = chooseCaptionTrack(tracks, wish);
    if (!chosen) throw this.fail(YouTubeFailures.trackNotListed(wish.track));
    this.chosenTrack = chosen;
    return {
      ...response,
      captions: {
        ...response.captions,
        playerCaptionsTracklistRenderer: {
          ...response.captions?.playerCaptionsTracklistRenderer,
          captionTracks: [chosen],
        },
      },
    };
  }
}

export interface Answer {
  status: number;
  statusText: string;
  contentType: string | null;
  location: string | null;
  body: string;
}

function toResponse(answer: Answer): Response {
  const bodyless = answer.status === 204 || answer.status === 205 || answer.status === 304;
  const status = answer.status >= 200 && answer.status <= 599 ? answer.status : 502;
  return new Response(bodyless ? null : answer.body, {
    status,
    statusText: answer.statusText,
    headers: answer.contentType ? { 'content-type': answer.contentType } : {},
  });
}

function headersOf(headers: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const result: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    result[key] = value;
  });
  return result;
}

// Connect and header timeouts of undici itself; checked by name, as errors may come from another realm.
function isTimeout(error: unknown): boolean {
  const named = (value: unknown) =>
    typeof value === 'object' && value !== null && 'name' in value ? value.name : null;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : null;
  return [named(error), named(cause)].some(
    (name) => name === 'TimeoutError' || name === 'ConnectTimeoutError' || name === 'HeadersTimeoutError',
  );
}
