// Reads YouTube's InnerTube `browse` answers for a playlist (browseId `VL<listId>`) and their continuations.
// The shapes, as captured from YouTube in NewPipeExtractor's test resources
// (extractor/src/test/resources/mocks/v1/.../youtube/youtubeplaylistextractor/*) and parsed by youtubei.js
// (src/parser/youtube/Playlist.ts, src/parser/classes/PlaylistVideo.ts, LockupView.ts):
// - the first page: videos as `playlistVideoRenderer` items under
//   contents.twoColumnBrowseResultsRenderer…playlistVideoListRenderer.contents, or (as YouTube answers a first
//   continuation) under onResponseReceivedActions[].reloadContinuationItemsCommand.continuationItems;
// - later pages: onResponseReceivedActions[].appendContinuationItemsAction.continuationItems;
// - the next page: a trailing `continuationItemRenderer` whose continuationEndpoint.continuationCommand.token is
//   posted back to `browse`;
// - newer layouts list videos as `lockupViewModel` items (contentType LOCKUP_CONTENT_TYPE_VIDEO);
// - a playlist that does not exist or is private: a 200 whose alerts hold an alertRenderer of type ERROR.
// The walk looks for those items wherever they are in the answer rather than along one path, so a layout moving
// them keeps working; the sidebar, header and engagement panels, which hold other lists, are not searched.

/** One entry of a playlist page, in the playlist's order. */
export type PlaylistEntry =
  | { kind: 'video'; youtubeId: string; title: string | null; duration: number | null }
  | { kind: 'unplayable'; youtubeId: string | null; reason: string };

export interface PlaylistPage {
  title: string | null;
  entries: PlaylistEntry[];
  /** The token of the next page, or null on the last. */
  continuation: string | null;
  /** YouTube's error alert ("The playlist does not exist."), or null. */
  error: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (isObject(node) || Array.isArray(node) ? (node as Json)[key] : undefined),
    value,
  );

/** The text of a YouTube text object: `{ simpleText }`, `{ runs: [{ text }] }` or `{ content }`. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (!isObject(value)) return null;
  if (typeof value.simpleText === 'string') return value.simpleText.trim() || null;
  if (typeof value.content === 'string') return value.content.trim() || null;
  if (Array.isArray(value.runs)) {
    const text = value.runs
      .map((run) => (isObject(run) && typeof run.text === 'string' ? run.text : ''))
      .join('');
    return text.trim() || null;
  }
  return null;
}

/** "1:02:03", "12:34" or "0:45" as seconds; null for anything else. */
export function secondsOfClock(text: string | null): number | null {
  if (!text || !/^\d{1,3}(:\d{2}){1,2}$/.test(text)) return null;
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
// Parts of a browse answer that hold other lists (a sidebar, related playlists, comments), not the playlist.
const NOT_THE_LIST = new Set([
  'sidebar',
  'header',
  'panels',
  'microformat',
  'frameworkUpdates',
  'responseContext',
]);

const REASONS = {
  private: 'it is private on YouTube.',
  deleted: 'it was deleted from YouTube.',
  unplayable: 'YouTube does not play it (it may be unavailable in this country, or for members only).',
} as const;

function unplayableReason(title: string | null): string {
  if (title === '[Private video]') return REASONS.private;
  if (title === '[Deleted video]') return REASONS.deleted;
  return REASONS.unplayable;
}

/** A `playlistVideoRenderer`: playable (it has a length and isPlayable is not false) or not, with why. */
function fromPlaylistVideo(item: Json): PlaylistEntry {
  const youtubeId = typeof item.videoId === 'string' && VIDEO_ID.test(item.videoId) ? item.videoId : null;
  const title = textOf(item.title);
  const seconds = Number(item.lengthSeconds);
  const duration =
    Number.isFinite(seconds) && seconds > 0 ? seconds : secondsOfClock(textOf(item.lengthText));
  if (!youtubeId || item.isPlayable === false || (duration === null && title?.startsWith('[')))
    return { kind: 'unplayable', youtubeId, reason: unplayableReason(title) };
  return { kind: 'video', youtubeId, title, duration };
}

/** A `lockupViewModel` of a video; null for a lockup of something else (a playlist, a channel). */
function fromLockup(item: Json): PlaylistEntry | null {
  if (item.contentType !== 'LOCKUP_CONTENT_TYPE_VIDEO') return null;
  const youtubeId =
    typeof item.contentId === 'string' && VIDEO_ID.test(item.contentId) ? item.contentId : null;
  const title = textOf(at(item, 'metadata', 'lockupMetadataViewModel', 'title'));
  if (!youtubeId) return { kind: 'unplayable', youtubeId, reason: unplayableReason(title) };
  const overlays = at(item, 'contentImage', 'thumbnailViewModel', 'overlays');
  let duration: number | null = null;
  for (const overlay of Array.isArray(overlays) ? overlays : []) {
    const badges = at(overlay, 'thumbnailOverlayBadgeViewModel', 'thumbnailBadges');
    for (const badge of Array.isArray(badges) ? badges : [])
      duration ??= secondsOfClock(textOf(at(badge, 'thumbnailBadgeViewModel', 'text')));
  }
  return { kind: 'video', youtubeId, title, duration };
}

function continuationOf(item: Json): string | null {
  const token = at(item, 'continuationEndpoint', 'continuationCommand', 'token');
  return typeof token === 'string' && token !== '' ? token : null;
}

function titleOf(answer: Json): string | null {
  return (
    textOf(at(answer, 'metadata', 'playlistMetadataRenderer', 'title')) ??
    textOf(at(answer, 'header', 'pageHeaderRenderer', 'pageTitle')) ??
    textOf(at(answer, 'header', 'playlistHeaderRenderer', 'title'))
  );
}

function errorOf(answer: Json): string | null {
  const alerts = answer.alerts;
  for (const alert of Array.isArray(alerts) ? alerts : []) {
    const renderer = at(alert, 'alertRenderer') ?? at(alert, 'alertWithButtonRenderer');
    if (isObject(renderer) && renderer.type === 'ERROR') return textOf(renderer.text) ?? 'error';
  }
  return null;
}

/** What one browse answer holds of the playlist. */
export function parsePlaylistPage(answer: unknown): PlaylistPage {
  const page: PlaylistPage = { title: null, entries: [], continuation: null, error: null };
  if (!isObject(answer)) return page;
  page.title = titleOf(answer);
  page.error = errorOf(answer);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (NOT_THE_LIST.has(key) || (!isObject(value) && !Array.isArray(value))) continue;
      if (key === 'playlistVideoRenderer' && isObject(value)) page.entries.push(fromPlaylistVideo(value));
      else if (key === 'lockupViewModel' && isObject(value)) {
        const entry = fromLockup(value);
        if (entry) page.entries.push(entry);
      } else if (key === 'continuationItemRenderer' && isObject(value))
        page.continuation ??= continuationOf(value);
      else walk(value);
    }
  };
  walk(answer);
  return page;
}
