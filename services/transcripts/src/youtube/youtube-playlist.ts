import type { ReadPlaylistResult, SkippedPlaylistVideo } from '@lectern/contracts';
import { PermanentJobError } from '@lectern/queue-runtime';
import { parsePlaylistPage, type PlaylistPage } from './playlist-page';
import { YouTubeFailures } from './youtube-errors';
import { YOUTUBE_WEB_ORIGIN, type YouTubeSession } from './youtube-session';

const BROWSE_URL = `${YOUTUBE_WEB_ORIGIN}/youtubei/v1/browse?prettyPrint=false`;
// The WEB client, as YouTube's own site asks `browse` (the version of a captured request, see playlist-page.ts).
const WEB_CLIENT = { clientName: 'WEB', clientVersion: '2.20260123.01.00', hl: 'en', gl: 'US' };
// A page holds up to 100 videos: 300 videos are the first page and two continuations; a few more pages are
// allowed for playlists whose pages hold fewer (many unavailable entries), never an endless chain.
const MAX_PAGES = 12;

export const PlaylistFailures = {
  notFound: () =>
    new PermanentJobError(
      422,
      'YouTube says this playlist does not exist, or it is private; check the link, or make the playlist public or unlisted.',
    ),
};

/**
 * A playlist's videos in order, at most `maxVideos` of them: its first page (browseId `VL<listId>`), then its
 * continuations until the playlist ends or enough videos are read. Private and deleted entries are skipped with
 * the reason; each request goes through the session (YOUTUBE_ORIGIN, the proxy, its failures), each page after the
 * first once `nextTurn` says the route's turn has come.
 */
export async function readPlaylistWith(
  session: YouTubeSession,
  listId: string,
  maxVideos: number,
  nextTurn: () => Promise<void> = () => Promise.resolve(),
): Promise<ReadPlaylistResult> {
  const result: ReadPlaylistResult = { listId, title: null, videos: [], skipped: [], truncated: false };
  let position = 0;
  let page = await browse(session, { browseId: `VL${listId}` });
  if (page.error) throw PlaylistFailures.notFound();
  result.title = page.title;
  for (let pages = 1; ; pages += 1) {
    for (const entry of page.entries) {
      if (result.videos.length === maxVideos) {
        result.truncated = true;
        return result;
      }
      position += 1;
      if (entry.kind === 'video') {
        const { youtubeId, title, duration } = entry;
        result.videos.push({ youtubeId, title, duration });
      } else {
        const skipped: SkippedPlaylistVideo = { position, youtubeId: entry.youtubeId, reason: entry.reason };
        result.skipped.push(skipped);
      }
    }
    if (!page.continuation || pages === MAX_PAGES) return result;
    if (result.videos.length === maxVideos) {
      // A next page exists: the playlist goes on past what was read.
      result.truncated = true;
      return result;
    }
    // Each page is a fetch of its own, paced as every fetch is (YOUTUBE_FETCHES_PER_MINUTE).
    await nextTurn();
    page = await browse(session, { continuation: page.continuation });
  }
}

async function browse(session: YouTubeSession, what: Record<string, string>): Promise<PlaylistPage> {
  const answer = await session.request(BROWSE_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US,en' },
    body: JSON.stringify({ context: { client: WEB_CLIENT }, ...what }),
  });
  if (answer.status === 400 || answer.status === 404) throw PlaylistFailures.notFound();
  if (answer.status !== 200) throw YouTubeFailures.unexpected();
  try {
    return parsePlaylistPage(JSON.parse(answer.body));
  } catch {
    throw YouTubeFailures.unexpected();
  }
}
