import type { PermanentJobError, TransientJobError } from '@lectern/queue-runtime';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import type { InnerTubeClient } from './innertube-clients';
import { captionFormatOf, type CaptionFormat } from './normalise';
import {
  asPlayerResponse,
  captionTracksOf,
  chooseCaptionTrack,
  findInlinePlayerResponse,
  playabilityOf,
  type CaptionTrack,
  type PlayerResponse,
  type TrackWish,
} from './player-response';
import { YouTubeFailures } from './youtube-errors';

export const YOUTUBE_WEB_ORIGIN = 'https://www.youtube.com';

/** The only paths Lectern ever requests. */
export const YOUTUBE_PATHS = [
  '/youtubei/v1/player',
  '/youtubei/v1/browse',
  '/watch',
  '/api/timedtext',
  '/oembed',
] as const;

/** Answers of Lectern's own sample server (`npm run demo`) carry this header; YouTube's never do. */
export const DEMO_SERVER_HEADER = 'x-lectern-demo';

export interface YouTubeSessionConfig {
  /** Where requests for https://www.youtube.com go instead (YOUTUBE_ORIGIN); may carry a path prefix. */
  origin: string;
  /** The proxy (YOUTUBE_PROXY_URL) or any other undici dispatcher; none means direct. */
  dispatcher?: Dispatcher;
  /** Each request, including reading its body, must finish within this. */
  timeoutMs: number;
  /** The caller gives up: requests stop with the signal's reason. */
  signal?: AbortSignal;
  /** The whole fetch is out of time: requests stop, failing as a timeout. */
  deadline?: AbortSignal;
  /** Which caption track to read. */
  wish?: TrackWish;
}

/**
 * How the library's next run is served. The first run is the library's own (its ANDROID player request, then
 * the watch page); later runs ask as another client, for a given track, without the watch page.
 */
export interface Attempt {
  client: InnerTubeClient | null;
  watchPage: boolean;
  /** The track to hand the library; null hands it no track. Unset: the user's wish decides. */
  pick?: (tracks: CaptionTrack[]) => CaptionTrack | null;
}

/** Where a player response came from: the library's own player request, another client's, or a watch page. */
export type ResponseSource = InnerTubeClient | 'library' | 'watch';

const MAX_REDIRECTS = 3;
// YouTube sends rate-limited clients to google.com/sorry/…
const SORRY = Symbol('rate limited');
const CONSENT = Symbol('consent');
// The form YouTube's EU consent interstitial posts; youtube-transcript-api looks for the same marker.
const CONSENT_FORM = 'action="https://consent.youtube.com/s"';

type FetchInput = Parameters<typeof globalThis.fetch>[0];
type FetchInit = Parameters<typeof globalThis.fetch>[1];

/**
 * The traffic of one transcript fetch. Its `fetch` is what youtube-transcript is given: it sends every
 * request to the configured origin through the proxy, with a timeout, and refuses any other destination.
 * It also watches what YouTube answers, because the library swallows some failures (a 429 from InnerTube
 * silently falls back to the watch page), cannot tell a manual track from an auto-generated one, and
 * knows neither consent pages nor proof-of-origin tokens.
 */
export class YouTubeSession {
  /** The first failure YouTube's answers caused; once set, every further request fails the same way at once. */
  failure: PermanentJobError | TransientJobError | null = null;
  readonly playerResponses: { source: ResponseSource; response: PlayerResponse }[] = [];
  chosenTrack: CaptionTrack | null = null;
  /** Every track the first player response with captions listed, before Lectern kept only the chosen one. */
  listedTracks: CaptionTrack[] = [];
  captionFormat: CaptionFormat | null = null;
  /** The body of the last caption request, parsed by Lectern rather than by the library. */
  captionXml: string | null = null;
  /** YouTube answered the caption request with nothing at all, as it does without a PO token. */
  captionsWithheld = false;
  /** The answers came from Lectern's demo sample server. */
  demoServer = false;
  private attempt: Attempt = { client: null, watchPage: true };
  private consentCookie: string | null = null;
  private readonly base: string;

  constructor(private readonly config: YouTubeSessionConfig) {
    this.base = config.origin.replace(/\/+$/, '');
  }

  /** Runs the library once more, served as the attempt says; its own failures answer null. */
  async retry<T>(attempt: Attempt, run: () => Promise<T>): Promise<T | null> {
    this.attempt = attempt;
    this.chosenTrack = null;
    this.captionFormat = null;
    this.captionXml = null;
    this.captionsWithheld = false;
    try {
      return await run();
    } catch (error) {
      if (this.failure) throw this.failure;
      if (this.config.signal?.aborted) throw error;
      return null;
    }
  }

  readonly fetch = async (input: FetchInput, init?: FetchInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = URL.canParse(url) ? new URL(url).pathname : '';
    if (path === '/watch' && !this.attempt.watchPage) return new Response('', { status: 404 });
    const answer =
      path === '/youtubei/v1/player'
        ? await this.request(url, this.asClient(init))
        : path === '/watch'
          ? await this.request(inEnglish(url), withEnglish(init))
          : await this.request(url, init);
    if (answer.status === 200 && path === '/youtubei/v1/player') return this.onPlayerResponse(answer);
    if (answer.status === 200 && path === '/watch') return this.onWatchPage(answer);
    if (answer.status === 200 && path === '/api/timedtext') {
      this.captionFormat = captionFormatOf(answer.body);
      this.captionXml = answer.body;
      this.captionsWithheld = answer.body.trim() === '';
    }
    return toResponse(answer);
  };

  /** One request to YouTube, on behalf of the library or of Lectern (oEmbed). */
  async request(youtubeUrl: string, init?: FetchInit, redirects = 0): Promise<Answer> {
    if (this.failure) throw this.failure;
    if (this.config.deadline?.aborted) throw this.fail(YouTubeFailures.timeout());
    const target = this.rewrite(youtubeUrl);
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signals = [timeout, this.config.signal, this.config.deadline].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    const headers = headersOf(init?.headers);
    if (this.consentCookie) headers.cookie = this.consentCookie;

    let answer: Answer;
    try {
      const response = await undiciFetch(target, {
        method: init?.method ?? 'GET',
        headers,
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
      if (response.headers.has(DEMO_SERVER_HEADER)) this.demoServer = true;
    } catch (error) {
      if (this.config.signal?.aborted) throw this.config.signal.reason;
      throw this.fail(
        timeout.aborted || this.config.deadline?.aborted || isTimeout(error)
          ? YouTubeFailures.timeout()
          : YouTubeFailures.network(),
      );
    }

    if (answer.status === 429 || this.isCaptchaPage(youtubeUrl, answer)) {
      throw this.fail(YouTubeFailures.rateLimited());
    }
    if (answer.status >= 500) throw this.fail(YouTubeFailures.upstream());
    if (answer.status >= 300 && answer.status < 400) {
      const next = this.redirectTarget(youtubeUrl, answer.location);
      if (next === SORRY) throw this.fail(YouTubeFailures.rateLimited());
      if (next === CONSENT) return this.consentAndRetry(youtubeUrl, init, redirects, null);
      if (next === null || redirects >= MAX_REDIRECTS) throw this.fail(YouTubeFailures.unexpected());
      return this.request(next, { headers: init?.headers }, redirects + 1);
    }
    if (answer.status === 200 && isWatchPage(youtubeUrl) && answer.body.includes(CONSENT_FORM)) {
      return this.consentAndRetry(youtubeUrl, init, redirects, answer.body);
    }
    return answer;
  }

  /**
   * YouTube's EU consent interstitial, as a redirect to consent.youtube.com or as the form itself: answer it
   * with the cookies a browser gets for consenting (SOCS, as yt-dlp sends, and CONSENT=YES+<version>, as
   * youtube-transcript-api does) and ask once more.
   */
  private consentAndRetry(
    youtubeUrl: string,
    init: FetchInit,
    redirects: number,
    page: string | null,
  ): Promise<Answer> {
    if (this.consentCookie) throw this.fail(YouTubeFailures.consentRefused());
    const version = page ? /name="v" value="([^"]*)"/.exec(page)?.[1] : undefined;
    this.consentCookie = `SOCS=CAI; CONSENT=YES+${version ?? 'cb'}`;
    return this.request(youtubeUrl, init, redirects);
  }

  // The marker youtube-transcript looks for too; only pages are searched, never caption texts.
  private isCaptchaPage(youtubeUrl: string, answer: Answer): boolean {
    const page = isWatchPage(youtubeUrl) || answer.status >= 400;
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
  private redirectTarget(
    from: string,
    location: string | null,
  ): string | typeof SORRY | typeof CONSENT | null {
    if (!location) return null;
    let url: URL;
    try {
      url = new URL(location, from);
    } catch {
      return null;
    }
    if (url.pathname.startsWith('/sorry')) return SORRY;
    if (url.hostname === 'consent.youtube.com') return CONSENT;
    const origin = new URL(this.base);
    // A relative redirect from the configured origin is a redirect within YouTube.
    if (url.origin === origin.origin) url = new URL(`${url.pathname}${url.search}`, YOUTUBE_WEB_ORIGIN);
    const allowed = (YOUTUBE_PATHS as readonly string[]).includes(url.pathname);
    return url.origin === YOUTUBE_WEB_ORIGIN && allowed ? url.href : null;
  }

  /**
   * The library's player request, as the attempt's client when there is one, and always asking for English:
   * YouTube words its reasons in the request's language, and Lectern reads some of them.
   */
  private asClient(init: FetchInit): FetchInit {
    if (typeof init?.body !== 'string') return withEnglish(init);
    let body: { videoId?: unknown; context?: { client?: Record<string, unknown> } };
    try {
      body = JSON.parse(init.body) as typeof body;
    } catch {
      return withEnglish(init);
    }
    const client = this.attempt.client;
    const headers = headersOf(withEnglish(init)?.headers);
    if (client) headers['user-agent'] = client.userAgent;
    const context = client ? client.context : (body.context?.client ?? {});
    return {
      ...init,
      headers,
      body: JSON.stringify({
        ...(client ? {} : body),
        context: { ...(client ? {} : body.context), client: { ...context, hl: ANSWER_LANGUAGE } },
        videoId: body.videoId,
      }),
    };
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
    const source = this.attempt.client ?? 'library';
    return toResponse({ ...answer, body: JSON.stringify(this.keepChosenTrack(response, source)) });
  }

  private onWatchPage(answer: Answer): Response {
    const found = findInlinePlayerResponse(answer.body);
    const response = found ? asPlayerResponse(found.json) : null;
    if (!found || !response) return toResponse(answer);
    const json = JSON.stringify(this.keepChosenTrack(response, 'watch'));
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
  private keepChosenTrack(response: PlayerResponse, source: ResponseSource): PlayerResponse {
    this.playerResponses.push({ source, response });
    const first = this.attempt.client === null && this.attempt.pick === undefined;
    // A bot check on the first request is one on every request: stop before asking again.
    if (first && playabilityOf(response) === 'bot-check') throw this.fail(YouTubeFailures.botCheck());
    const tracks = captionTracksOf(response);
    if (tracks.length === 0) return response;
    if (this.listedTracks.length === 0) this.listedTracks = tracks;
    const wish = this.config.wish ?? {};
    const chosen = this.attempt.pick ? this.attempt.pick(tracks) : chooseCaptionTrack(tracks, wish);
    if (!chosen && !this.attempt.pick) throw this.fail(YouTubeFailures.trackNotListed(wish.track));
    this.chosenTrack = chosen;
    return {
      ...response,
      captions: {
        ...response.captions,
        playerCaptionsTracklistRenderer: {
          ...response.captions?.playerCaptionsTracklistRenderer,
          captionTracks: chosen ? [chosen] : [],
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

/** The language Lectern asks YouTube to answer in, whatever the server's address. */
const ANSWER_LANGUAGE = 'en';
const ACCEPT_LANGUAGE = 'en-US,en';

function inEnglish(youtubeUrl: string): string {
  if (!URL.canParse(youtubeUrl)) return youtubeUrl;
  const url = new URL(youtubeUrl);
  url.searchParams.set('hl', ANSWER_LANGUAGE);
  return url.href;
}

function withEnglish(init: FetchInit): FetchInit {
  const headers = headersOf(init?.headers);
  headers['accept-language'] = ACCEPT_LANGUAGE;
  return { ...init, headers };
}

const isWatchPage = (youtubeUrl: string) => new URL(youtubeUrl).pathname === '/watch';

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
