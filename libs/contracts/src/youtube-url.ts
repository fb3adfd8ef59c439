// Turns whatever a user pastes into a YouTube video id. Shared by the gateway (400 answers) and the SPA
// (instant feedback), so it stays free of Node imports.

export type ParsedYouTubeUrl = { ok: true; videoId: string } | { ok: false; message: string };

/** Longer input is refused before any parsing: no real video link comes close. */
export const YOUTUBE_URL_MAX_LENGTH = 2048;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const LOOKS_LIKE_AN_ID = /^[A-Za-z0-9_-]+$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The hosts YouTube serves its pages from: www, mobile, music, and the privacy-enhanced embeds. */
export const YOUTUBE_HOSTS: ReadonlySet<string> = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
/** YouTube's short-link hosts. */
export const SHORT_HOSTS: ReadonlySet<string> = new Set(['youtu.be', 'www.youtu.be']);
// Paths whose next segment is the video id: /shorts/ID, /embed/ID, /live/ID, /v/ID (and the old /e/ID).
const ID_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v', 'e']);

export const YouTubeUrlMessages = {
  blank: 'Please enter a YouTube URL',
  tooLong: 'That link is too long to be a YouTube video link.',
  notALink: 'That does not look like a YouTube link; paste a link such as https://www.youtube.com/watch?v=…',
  notYouTube: 'Only YouTube videos are supported; paste a youtube.com or youtu.be link.',
  badId: 'That YouTube link has an invalid video id; copy the link from YouTube again.',
  playlist: "That is a playlist link; open one of its videos and paste that video's link.",
  noVideo: 'That YouTube link does not point to a video; paste the link of a single video.',
} as const;

const fail = (message: string): ParsedYouTubeUrl => ({ ok: false, message });

export function isYouTubeVideoId(value: string): boolean {
  return VIDEO_ID.test(value);
}

/** The canonical watch link of a video, as stored on a Video and linked from its page. */
export function youtubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

export function parseYouTubeUrl(input: string): ParsedYouTubeUrl {
  if (typeof input !== 'string') return fail(YouTubeUrlMessages.blank);
  const text = input.trim();
  if (text === '') return fail(YouTubeUrlMessages.blank);
  if (text.length > YOUTUBE_URL_MAX_LENGTH) return fail(YouTubeUrlMessages.tooLong);
  if (VIDEO_ID.test(text)) return { ok: true, videoId: text };

  const scheme = SCHEME.exec(text);
  let href: string;
  if (scheme?.[1] && /^https?$/i.test(scheme[1])) href = text;
  else if (text.startsWith('//')) href = `https:${text}`;
  // javascript:, data:, mailto:, ftp: and friends; "youtube.com:443/watch?v=…" is a host and a port.
  else if (scheme && !/^\d/.test(text.slice(scheme[0].length))) return fail(YouTubeUrlMessages.notYouTube);
  else if (LOOKS_LIKE_AN_ID.test(text)) {
    // An id with a character too many or too few reads as a malformed id; other words are just not links.
    return fail(Math.abs(text.length - 11) <= 2 ? YouTubeUrlMessages.badId : YouTubeUrlMessages.notALink);
  } else href = `https://${text}`;

  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return fail(YouTubeUrlMessages.notALink);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(YouTubeUrlMessages.notYouTube);

  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');

  let candidate: string | null;
  if (SHORT_HOSTS.has(host)) {
    candidate = segments[0] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    candidate = videoIdFromYouTubePath(url, segments);
  } else {
    return fail(YouTubeUrlMessages.notYouTube);
  }

  if (candidate === null || candidate === '') {
    const isPlaylist = url.searchParams.has('list') || segments[0]?.toLowerCase() === 'playlist';
    return fail(isPlaylist ? YouTubeUrlMessages.playlist : YouTubeUrlMessages.noVideo);
  }
  if (candidate === 'videoseries') return fail(YouTubeUrlMessages.playlist);
  return VIDEO_ID.test(candidate) ? { ok: true, videoId: candidate } : fail(YouTubeUrlMessages.badId);
}

function videoIdFromYouTubePath(url: URL, segments: string[]): string | null {
  const first = segments[0]?.toLowerCase();
  if (first === 'watch') return url.searchParams.get('v');
  if (first !== undefined && ID_PATH_PREFIXES.has(first)) return segments[1] ?? null;
  // The home page and a few share links carry the id only as ?v=.
  if (first === undefined) return url.searchParams.get('v');
  return null;
}
