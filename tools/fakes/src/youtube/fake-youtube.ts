import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml, parseYouTubeUrl, youtubeWatchUrl } from '@lectern/contracts';
import { renderClassic, renderSrv3 } from './captions';
import { BOT_CHECK_TEXTS, buildCatalogue, type FakeTrack, type FakeVideo } from './catalogue';
import { consentPage } from './consent-page';
import { browseAnswer, buildPlaylists, type FakePlaylist } from './playlists';
import { iframeApiScript } from './iframe-api';

// A stand-in for the parts of YouTube Lectern talks to (see docs/operating.md, section YouTube), answering in
// YouTube's own formats so the real youtube-transcript library parses them. Tests and `npm run demo` use it.

export interface FakeYouTubeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** How long the "slow" video's answers take. */
  slowDelayMs?: number;
  /** Mark every answer as the demo's sample server (`npm run demo`), so Lectern can say so. */
  demo?: boolean;
}

export interface FakeRequest {
  method: string;
  /** Path and query, e.g. "/api/timedtext?v=…&lang=en". */
  path: string;
  cookie?: string;
  /** The video a player request asks about. */
  videoId?: string;
  /** The InnerTube client of a player request, e.g. "ANDROID". */
  client?: string;
  /** The language a player request asks YouTube to answer in (`context.client.hl`). */
  hl?: string;
  acceptLanguage?: string;
  /** What a `browse` request asked for: a browseId (`VL<listId>`), or `continuation`. */
  browse?: string;
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
  /** The port it came from: through a proxy, the proxy's side of the tunnel (see startConnectProxy). */
  peerPort: number;
}

export interface FakeYouTube {
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  videos: ReadonlyMap<string, FakeVideo>;
  playlists: ReadonlyMap<string, FakePlaylist>;
  setSlowDelay(ms: number): void;
  /** While on, YouTube asks every video's viewer to sign in to prove they are not a bot, as it does a server it distrusts. */
  setBotCheck(on: boolean): void;
  close(): Promise<void>;
}

/** Caption track addresses point at YouTube itself, as the real ones do; clients rewrite the origin. */
const CAPTION_ORIGIN = 'https://www.youtube.com';
const MAX_BODY_BYTES = 64 * 1024;

export async function startFakeYouTube(options: FakeYouTubeOptions = {}): Promise<FakeYouTube> {
  const videos = buildCatalogue();
  const playlists = buildPlaylists();
  const requests: FakeRequest[] = [];
  const captionCache = new Map<string, string>();
  let slowDelayMs = options.slowDelayMs ?? 3_000;
  const timers = new Set<NodeJS.Timeout>();
  let botCheck = false;
  const videoOf = (videoId: string): FakeVideo | undefined => {
    const video = videos.get(videoId);
    return video && botCheck ? { ...video, playability: 'bot-check', tracks: [] } : video;
  };

  const send = (
    res: ServerResponse,
    video: FakeVideo | undefined,
    status: number,
    type: string,
    body: string,
  ) => {
    const write = () => {
      if (res.destroyed) return;
      res.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        ...(options.demo ? { 'x-lectern-demo': 'sample-server' } : {}),
      });
      res.end(body);
    };
    if (video?.behaviour !== 'slow') return write();
    const timer = setTimeout(() => {
      timers.delete(timer);
      write();
    }, slowDelayMs);
    timers.add(timer);
  };

  const failing = (res: ServerResponse, video: FakeVideo | undefined): boolean => {
    if (video?.behaviour === 'captcha') {
      send(res, video, 429, 'text/html; charset=utf-8', captchaPage());
      return true;
    }
    if (video?.behaviour === 'server-error') {
      send(res, video, 503, 'text/html; charset=utf-8', '<html><body>Service Unavailable</body></html>');
      return true;
    }
    return false;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      receivedAt: Date.now(),
      peerPort: req.socket.remotePort ?? 0,
    };
    if (req.headers.cookie) request.cookie = req.headers.cookie;
    if (req.headers['accept-language']) request.acceptLanguage = req.headers['accept-language'];
    requests.push(request);

    if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
      const { videoId, clientName, hl } = playerRequestOf(await readBody(req));
      if (videoId) request.videoId = videoId;
      if (clientName) request.client = clientName;
      if (hl) request.hl = hl;
      const video = videoId ? videoOf(videoId) : undefined;
      if (failing(res, video)) return;
      if (
        video?.behaviour === 'page-only' ||
        video?.behaviour === 'consent' ||
        video?.behaviour === 'consent-always'
      ) {
        const error = {
          error: { code: 400, message: 'Precondition check failed.', status: 'FAILED_PRECONDITION' },
        };
        return send(res, video, 400, 'application/json; charset=utf-8', JSON.stringify(error));
      }
      return send(
        res,
        video,
        200,
        'application/json; charset=utf-8',
        JSON.stringify(playerResponse(videoId, video, clientName ?? 'ANDROID')),
      );
    }

    if (req.method === 'POST' && url.pathname === '/youtubei/v1/browse') {
      const body = browseRequestOf(await readBody(req));
      request.browse = typeof body.continuation === 'string' ? 'continuation' : String(body.browseId);
      const { status, json } = browseAnswer(body, playlists, videos);
      return send(res, undefined, status, 'application/json; charset=utf-8', JSON.stringify(json));
    }

    if (req.method === 'GET' && url.pathname === '/watch') {
      const videoId = url.searchParams.get('v') ?? '';
      const video = videoOf(videoId);
      if (failing(res, video)) return;
      const consented = /(?:^|;\s*)(?:SOCS=|CONSENT=YES\+)/.test(req.headers.cookie ?? '');
      if (video?.behaviour === 'consent-always' || (video?.behaviour === 'consent' && !consented)) {
        return send(res, video, 200, 'text/html; charset=utf-8', consentPage(videoId));
      }
      return send(
        res,
        video,
        200,
        'text/html; charset=utf-8',
        watchPage(playerResponse(videoId, video, 'WEB'), video),
      );
    }

    if (req.method === 'GET' && url.pathname === '/api/timedtext') {
      const video = videos.get(url.searchParams.get('v') ?? '');
      if (failing(res, video)) return;
      const kind = url.searchParams.get('kind');
      const track = video?.tracks.find(
        (candidate) =>
          candidate.languageCode === url.searchParams.get('lang') &&
          candidate.autoGenerated === (kind === 'asr'),
      );
      if (!video || !track || video.playability !== 'ok') return send(res, video, 404, 'text/html', '');
      // Without a proof-of-origin token (`pot`), YouTube answers such an address with nothing at all.
      if (url.searchParams.get('exp') === 'xpe' && !url.searchParams.has('pot')) {
        return send(res, video, 200, 'text/html; charset=UTF-8', '');
      }
      const format = url.searchParams.get('fmt') === 'srv3' ? 'srv3' : 'classic';
      const key = `${video.id}|${track.languageCode}|${track.autoGenerated}|${format}`;
      let xml = captionCache.get(key);
      if (xml === undefined) {
        xml = renderTrack(track, format);
        captionCache.set(key, xml);
      }
      return send(res, video, 200, 'text/xml; charset=UTF-8', xml);
    }

    if (req.method === 'GET' && url.pathname === '/iframe_api') {
      const error = url.searchParams.get('error');
      const code = error !== null && /^\d+$/u.test(error) ? Number(error) : null;
      return send(res, undefined, 200, 'text/javascript; charset=utf-8', iframeApiScript(videos, code));
    }

    if (req.method === 'GET' && url.pathname === '/oembed') {
      const parsed = parseYouTubeUrl(url.searchParams.get('url') ?? '');
      const video = parsed.ok ? videos.get(parsed.videoId) : undefined;
      if (failing(res, video)) return;
      if (video?.playability === 'private') return send(res, video, 401, 'text/html', 'Unauthorized');
      if (!video || video.playability !== 'ok' || !video.oembed)
        return send(res, video, 404, 'text/html', 'Not Found');
      return send(res, video, 200, 'application/json', JSON.stringify(oembed(video)));
    }

    send(res, undefined, 404, 'text/html', 'Not Found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    requests,
    videos,
    playlists,
    setSlowDelay: (ms) => {
      slowDelayMs = ms;
    },
    setBotCheck: (on) => {
      botCheck = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function playerRequestOf(body: string): {
  videoId: string | null;
  clientName: string | null;
  hl: string | null;
} {
  try {
    const json = JSON.parse(body) as {
      videoId?: unknown;
      context?: { client?: { clientName?: unknown; hl?: unknown } };
    };
    const { clientName, hl } = json.context?.client ?? {};
    return {
      videoId: typeof json.videoId === 'string' ? json.videoId : null,
      clientName: typeof clientName === 'string' ? clientName : null,
      hl: typeof hl === 'string' ? hl : null,
    };
  } catch {
    return { videoId: null, clientName: null, hl: null };
  }
}

function browseRequestOf(body: string): { browseId?: unknown; continuation?: unknown } {
  try {
    const json = JSON.parse(body) as unknown;
    return typeof json === 'object' && json !== null ? json : {};
  } catch {
    return {};
  }
}

/** Whether this client is given the track's address with `exp=xpe` (see FakePoToken). */
function needsToken(video: FakeVideo, track: FakeTrack, clientName: string): boolean {
  switch (video.poToken) {
    case null:
      return false;
    case 'all':
      return true;
    case 'manual':
      return !track.autoGenerated;
    case 'web-and-android':
      return clientName === 'WEB' || clientName === 'ANDROID';
  }
}

function renderTrack(track: FakeTrack, format: 'srv3' | 'classic'): string {
  const doubleEncode = track.doubleEncode ?? format === 'classic';
  return format === 'srv3'
    ? renderSrv3(track.captions(), { doubleEncode }, track.autoGenerated)
    : renderClassic(track.captions(), { doubleEncode });
}

function captionTrack(video: FakeVideo, track: FakeTrack, clientName: string) {
  const params = new URLSearchParams({
    v: video.id,
    ei: 'fakeEventId',
    caps: 'asr',
    opi: '112496729',
    // Where YouTube puts it: after opi, before xoaf.
    ...(needsToken(video, track, clientName) ? { exp: 'xpe' } : {}),
    xoaf: '5',
    hl: 'en',
    ip: '0.0.0.0',
    ipbits: '0',
    expire: '4102444800',
    sparams: 'ip,ipbits,expire,v,ei,caps,opi,xoaf',
    signature: 'FAKE.SIGNATURE',
    key: 'yt8',
    lang: track.languageCode,
  });
  if (track.autoGenerated) params.set('kind', 'asr');
  if (video.format === 'srv3') params.set('fmt', 'srv3');
  return {
    baseUrl: `${CAPTION_ORIGIN}/api/timedtext?${params.toString()}`,
    name: { runs: [{ text: track.name }] },
    vssId: `${track.autoGenerated ? 'a' : ''}.${track.languageCode}`,
    languageCode: track.languageCode,
    ...(track.autoGenerated ? { kind: 'asr' } : {}),
    isTranslatable: true,
    trackName: '',
  };
}

function playerResponse(
  videoId: string | null,
  video: FakeVideo | undefined,
  clientName: string,
): Record<string, unknown> {
  const responseContext = { visitorData: 'CgtGYWtlVmlzaXRvcg%3D%3D' };
  const refusal = refusalOf(video);
  if (refusal) {
    return {
      responseContext,
      playabilityStatus: refusal,
      ...(video?.playability === 'age-restricted' ? { videoDetails: { videoId, title: video.title } } : {}),
    };
  }
  if (!video) throw new Error('unreachable: an unknown video is refused');
  const response: Record<string, unknown> = {
    responseContext,
    playabilityStatus: { status: 'OK', playableInEmbed: true },
  };
  if (video.tracks.length > 0) {
    response.captions = {
      playerCaptionsTracklistRenderer: {
        captionTracks: video.tracks.map((track) => captionTrack(video, track, clientName)),
        audioTracks: [{ captionTrackIndices: video.tracks.map((_, index) => index) }],
        translationLanguages: [{ languageCode: 'fr', languageName: { runs: [{ text: 'French' }] } }],
        defaultAudioTrackIndex: 0,
      },
    };
  }
  if (video.videoDetails) {
    response.videoDetails = {
      videoId: videoId ?? video.id,
      title: video.title,
      lengthSeconds: String(video.lengthSeconds),
      channelId: `UC${video.id}fakechannel`.slice(0, 24),
      isOwnerViewing: false,
      shortDescription: video.description,
      isCrawlable: true,
      thumbnail: {
        thumbnails: [
          { url: video.thumbnailUrl, width: 168, height: 94 },
          { url: video.thumbnailUrl, width: 480, height: 360 },
        ],
      },
      allowRatings: true,
      viewCount: '1234',
      author: video.channel,
      isPrivate: false,
      isUnpluggedCorpus: false,
      isLiveContent: false,
    };
  }
  return response;
}

const ERROR_ICON = {
  thumbnail: { thumbnails: [{ url: '//s.ytimg.com/yts/img/meh7-vflGevej7.png', width: 140, height: 100 }] },
  icon: { iconType: 'ERROR_OUTLINE' },
};
const runs = (...texts: string[]) => ({ runs: texts.map((text) => ({ text })) });

/** The playabilityStatus of a video YouTube will not play, shaped as YouTube sends each kind. */
function refusalOf(video: FakeVideo | undefined): Record<string, unknown> | null {
  const playability = video?.playability ?? 'unavailable';
  switch (playability) {
    case 'ok':
      return null;
    case 'unavailable':
      return {
        status: 'ERROR',
        reason: 'This video is unavailable',
        errorScreen: {
          playerErrorMessageRenderer: { reason: runs('This video is unavailable'), ...ERROR_ICON },
        },
        contextParams: 'Q0FBU0FnZ0E=',
      };
    case 'private':
      return {
        status: 'LOGIN_REQUIRED',
        reason: 'This video is private',
        messages: ['If the owner of this video has granted you access, please sign in.'],
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: { simpleText: 'Private video' },
            subreason: runs("Sign in if you've been granted access to this video"),
            ...ERROR_ICON,
          },
        },
      };
    case 'bot-check': {
      const texts = BOT_CHECK_TEXTS[video?.hl ?? 'en'] ?? BOT_CHECK_TEXTS.en;
      const [intro, more] = texts?.subreason ?? [];
      const learnMore = {
        text: more,
        navigationEndpoint: {
          urlEndpoint: {
            url: 'https://support.google.com/youtube/answer/3037019#zippy=%2Ccheck-that-youre-signed-into-youtube',
          },
        },
      };
      return {
        status: 'LOGIN_REQUIRED',
        reason: texts?.reason,
        errorScreen: {
          playerErrorMessageRenderer: {
            ...(intro && more ? { subreason: { runs: [{ text: intro }, learnMore] } } : {}),
            reason: runs(texts?.reason ?? ''),
            proceedButton: { buttonRenderer: { style: 'STYLE_PRIMARY', text: { simpleText: 'Sign in' } } },
            ...ERROR_ICON,
          },
        },
        skip: { playabilityErrorSkipConfig: { skipOnPlayabilityError: false } },
        contextParams: 'Q0FFU0FnZ0M=',
      };
    }
    case 'age-restricted':
      return {
        status: 'LOGIN_REQUIRED',
        reason: 'This video may be inappropriate for some users.',
        errorScreen: {
          confirmDialogRenderer: {
            title: runs('You must sign in to view this video'),
            dialogMessages: [runs('This video may be inappropriate for some users.')],
            confirmButton: { buttonRenderer: { text: runs('Sign in') } },
            cancelButton: { buttonRenderer: { text: runs('Go back') } },
          },
        },
        desktopLegacyAgeGateReason: 1,
        reasonTitle: 'You must sign in to view this video',
        contextParams: 'Q0FFU0FnZ0I=',
      };
    case 'members-only': {
      const reason =
        'Join this channel to get access to members-only content like this video, and other exclusive perks.';
      return {
        status: 'UNPLAYABLE',
        reason,
        errorScreen: { playerErrorMessageRenderer: { reason: runs(reason), ...ERROR_ICON } },
      };
    }
    case 'country':
      return {
        status: 'UNPLAYABLE',
        reason: 'Video unavailable',
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: { simpleText: 'Video unavailable' },
            subreason: { simpleText: 'The uploader has not made this video available in your country' },
            ...ERROR_ICON,
          },
        },
      };
    case 'removed':
      return {
        status: 'ERROR',
        reason: 'This video has been removed by the uploader',
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: { simpleText: 'This video has been removed by the uploader' },
            ...ERROR_ICON,
          },
        },
      };
  }
}

function watchPage(response: Record<string, unknown>, video: FakeVideo | undefined): string {
  const title = video && video.playability === 'ok' ? `${escapeHtml(video.title)} - YouTube` : 'YouTube';
  // JSON.stringify leaves "</script>" intact; escape "<" as YouTube does so the page stays well formed.
  const json = JSON.stringify(response).replace(/</g, '\\u003c');
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>` +
    `<script nonce="fake">var ytInitialPlayerResponse = ${json};var meta = document.createElement('meta');</script>` +
    `<div id="player"></div></body></html>`
  );
}

function captchaPage(): string {
  return (
    '<html><head><title>https://www.youtube.com/watch</title></head><body>' +
    '<div>Our systems have detected unusual traffic from your computer network.</div>' +
    '<form id="captcha-form" action="index" method="post"><div class="g-recaptcha" data-sitekey="fake"></div></form>' +
    '</body></html>'
  );
}

function oembed(video: FakeVideo) {
  return {
    title: video.title,
    author_name: video.channel,
    author_url: `https://www.youtube.com/@${video.channel.replace(/[^A-Za-z0-9]/g, '')}`,
    type: 'video',
    height: 113,
    width: 200,
    version: '1.0',
    provider_name: 'YouTube',
    provider_url: 'https://www.youtube.com/',
    thumbnail_height: 360,
    thumbnail_width: 480,
    thumbnail_url: video.thumbnailUrl,
    html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${video.id}?feature=oembed" title="${escapeHtml(video.title)}"></iframe>`,
  };
}

/** For logs: the link a user pastes to try a video of the catalogue. */
export const sampleLink = (videoId: string) => youtubeWatchUrl(videoId);
