import { formatTimestamp } from '@lectern/contracts';
import type { FakeVideo } from './catalogue';

// The fake's YouTube playlists, answered through InnerTube `browse` as YouTube answers them. The shapes follow
// answers captured from YouTube in NewPipeExtractor's test resources (TeamNewPipe/NewPipeExtractor,
// extractor/src/test/resources/mocks/v1/org/schabi/newpipe/extractor/services/youtube/youtubeplaylistextractor/:
// continuationss/generated_mock_3.json and _4.json for the pages of playlistVideoRenderer items, the trailing
// continuationItemRenderer and appendContinuationItemsAction; notavailable/generated_mock_3.json for the ERROR
// alert of a playlist that does not exist; continuationss/generated_mock_2.json for the header's pageTitle), and
// the fields youtubei.js reads (LuanRT/YouTube.js, src/parser/classes/PlaylistVideo.ts: videoId, title,
// lengthSeconds, lengthText, isPlayable; src/parser/classes/LockupView.ts: contentId, contentType, metadata)
// for the newer lockupViewModel layout. Unavailable entries are shown as YouTube lists them when it shows them:
// "[Private video]" or "[Deleted video]", without a length, not playable.

export type FakePlaylistEntry = { videoId: string } | { videoId: string; unavailable: 'private' | 'deleted' };

export interface FakePlaylist {
  id: string;
  title: string;
  entries: FakePlaylistEntry[];
  /** Videos per page: YouTube sends 100; smaller pages make more continuations. */
  pageSize: number;
  /** `classic`: playlistVideoRenderer items; `lockup`: the newer lockupViewModel items. */
  layout: 'classic' | 'lockup';
}

/** The 120-lecture course: lecture 7 is private on YouTube, lecture 12 has no captions; pages of 50. */
export const COURSE_PLAYLIST_ID = 'PLlecternCS101AlgorithmsCourse0120';
/** Four sample lectures and a deleted video. */
export const SHORT_PLAYLIST_ID = 'PLlecternFourSampleLectures0000004';
/** Three sample lectures in the lockupViewModel layout. */
export const LOCKUP_PLAYLIST_ID = 'PLlecternLockupLayoutLectures00003';
/** 350 videos, past the 300 a course takes (its videos are not in the catalogue). */
export const HUGE_PLAYLIST_ID = 'PLlecternHugePlaylist0000000000350';

/** The ids of the course playlist's lectures: cs101lec001 … cs101lec120 (7 and 12 are stand-ins, see above). */
export const courseLectureId = (number: number) => `cs101lec${String(number).padStart(3, '0')}`;

export function buildPlaylists(): Map<string, FakePlaylist> {
  const course: FakePlaylistEntry[] = Array.from({ length: 120 }, (_, index) => {
    const number = index + 1;
    if (number === 7) return { videoId: 'privateVid1', unavailable: 'private' as const };
    if (number === 12) return { videoId: 'noCaptions1' };
    return { videoId: courseLectureId(number) };
  });
  const playlists: FakePlaylist[] = [
    {
      id: COURSE_PLAYLIST_ID,
      title: 'CS 101: Algorithms and Data Structures',
      entries: course,
      pageSize: 50,
      layout: 'classic',
    },
    {
      id: SHORT_PLAYLIST_ID,
      title: 'Four sample lectures',
      entries: [
        { videoId: 'phtsynth101' },
        { videoId: 'removedVid1', unavailable: 'deleted' },
        { videoId: 'printpress1' },
        { videoId: 'derivative1' },
        { videoId: 'hashtables1' },
      ],
      pageSize: 100,
      layout: 'classic',
    },
    {
      id: LOCKUP_PLAYLIST_ID,
      title: 'Three sample lectures, newer layout',
      entries: [{ videoId: 'supplydmnd1' }, { videoId: 'hashtables1' }, { videoId: 'phtsynth101' }],
      pageSize: 100,
      layout: 'lockup',
    },
    {
      id: HUGE_PLAYLIST_ID,
      title: 'A very long playlist',
      entries: Array.from({ length: 350 }, (_, index) => ({
        videoId: `hugeList${String(index + 1).padStart(3, '0')}`,
      })),
      pageSize: 100,
      layout: 'classic',
    },
  ];
  return new Map(playlists.map((playlist) => [playlist.id, playlist]));
}

/** A continuation token: opaque to clients, as YouTube's are; this one says where the next page starts. */
const tokenOf = (listId: string, offset: number) =>
  Buffer.from(JSON.stringify({ listId, offset })).toString('base64url');

function readToken(token: string): { listId: string; offset: number } | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { listId, offset } = parsed as { listId?: unknown; offset?: unknown };
    return typeof listId === 'string' && typeof offset === 'number' ? { listId, offset } : null;
  } catch {
    return null;
  }
}

const runs = (text: string) => ({ runs: [{ text }] });

/** What a playable entry shows: its catalogue video, or (the long playlist's) a video made up of its id. */
function shownVideo(videoId: string, video: FakeVideo | undefined) {
  return video ?? { id: videoId, title: `Video ${videoId}`, channel: 'Lectern Samples', lengthSeconds: 600 };
}

function playlistVideoRenderer(entry: FakePlaylistEntry, index: number, found: FakeVideo | undefined) {
  const thumbnail = {
    thumbnails: [{ url: `https://i.ytimg.com/vi/${entry.videoId}/hqdefault.jpg`, width: 168, height: 94 }],
  };
  if ('unavailable' in entry) {
    return {
      playlistVideoRenderer: {
        videoId: entry.videoId,
        thumbnail,
        title: runs(entry.unavailable === 'deleted' ? '[Deleted video]' : '[Private video]'),
        index: { simpleText: String(index) },
        isPlayable: false,
      },
    };
  }
  const video = shownVideo(entry.videoId, found);
  return {
    playlistVideoRenderer: {
      videoId: video.id,
      thumbnail,
      title: { ...runs(video.title), accessibility: { accessibilityData: { label: video.title } } },
      index: { simpleText: String(index) },
      shortBylineText: runs(video.channel),
      lengthText: { simpleText: formatTimestamp(video.lengthSeconds) },
      lengthSeconds: String(video.lengthSeconds),
      isPlayable: true,
    },
  };
}

function lockupViewModel(entry: FakePlaylistEntry, found: FakeVideo | undefined) {
  const video = 'unavailable' in entry ? null : shownVideo(entry.videoId, found);
  const title = video ? video.title : '[Private video]';
  return {
    lockupViewModel: {
      contentId: entry.videoId,
      contentType: 'LOCKUP_CONTENT_TYPE_VIDEO',
      contentImage: {
        thumbnailViewModel: {
          image: { sources: [{ url: `https://i.ytimg.com/vi/${entry.videoId}/hqdefault.jpg` }] },
          overlays: video
            ? [
                {
                  thumbnailOverlayBadgeViewModel: {
                    thumbnailBadges: [
                      { thumbnailBadgeViewModel: { text: formatTimestamp(video.lengthSeconds) } },
                    ],
                  },
                },
              ]
            : [],
        },
      },
      metadata: { lockupMetadataViewModel: { title: { content: title } } },
    },
  };
}

function continuationItem(listId: string, offset: number) {
  return {
    continuationItemRenderer: {
      trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
      continuationEndpoint: {
        commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } },
        continuationCommand: { token: tokenOf(listId, offset), request: 'CONTINUATION_REQUEST_TYPE_BROWSE' },
      },
    },
  };
}

/** One page's items: the entries from `offset`, and the continuation when more follow. */
function pageItems(playlist: FakePlaylist, offset: number, videos: ReadonlyMap<string, FakeVideo>) {
  const end = Math.min(playlist.entries.length, offset + playlist.pageSize);
  const items: Record<string, unknown>[] = playlist.entries
    .slice(offset, end)
    .map((entry, index) =>
      playlist.layout === 'lockup'
        ? lockupViewModel(entry, videos.get(entry.videoId))
        : playlistVideoRenderer(entry, offset + index + 1, videos.get(entry.videoId)),
    );
  if (end < playlist.entries.length) items.push(continuationItem(playlist.id, end));
  return items;
}

/** The answer to a `browse` request body: a playlist's first page (browseId VL…) or a continuation page. */
export function browseAnswer(
  body: { browseId?: unknown; continuation?: unknown },
  playlists: ReadonlyMap<string, FakePlaylist>,
  videos: ReadonlyMap<string, FakeVideo>,
): { status: number; json: Record<string, unknown> } {
  const responseContext = { visitorData: 'CgtGYWtlVmlzaXRvcg%3D%3D' };
  if (typeof body.continuation === 'string') {
    const token = readToken(body.continuation);
    const playlist = token ? playlists.get(token.listId) : undefined;
    if (!token || !playlist) {
      const error = {
        code: 400,
        message: 'Request contains an invalid argument.',
        status: 'INVALID_ARGUMENT',
      };
      return { status: 400, json: { error } };
    }
    return {
      status: 200,
      json: {
        responseContext,
        onResponseReceivedActions: [
          {
            appendContinuationItemsAction: {
              continuationItems: pageItems(playlist, token.offset, videos),
              targetId: playlist.id,
            },
          },
        ],
      },
    };
  }
  const listId =
    typeof body.browseId === 'string' && body.browseId.startsWith('VL') ? body.browseId.slice(2) : '';
  const playlist = playlists.get(listId);
  if (!playlist) {
    return {
      status: 200,
      json: {
        responseContext,
        alerts: [{ alertRenderer: { type: 'ERROR', text: runs('The playlist does not exist.') } }],
        microformat: { microformatDataRenderer: { noindex: true } },
      },
    };
  }
  const list = {
    playlistVideoListRenderer: { contents: pageItems(playlist, 0, videos), playlistId: playlist.id },
  };
  return {
    status: 200,
    json: {
      responseContext,
      contents: {
        twoColumnBrowseResultsRenderer: {
          tabs: [
            {
              tabRenderer: {
                selected: true,
                content: {
                  sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: [list] } }] },
                },
              },
            },
          ],
        },
      },
      header: { pageHeaderRenderer: { pageTitle: playlist.title } },
      metadata: { playlistMetadataRenderer: { title: playlist.title, description: '' } },
      alerts: [
        {
          alertWithButtonRenderer: {
            type: 'INFO',
            text: { simpleText: 'Unavailable videos will be hidden during playback' },
          },
        },
      ],
      sidebar: {
        playlistSidebarRenderer: {
          items: [
            {
              playlistSidebarPrimaryInfoRenderer: {
                title: runs(playlist.title),
                stats: [runs(`${playlist.entries.length} videos`)],
              },
            },
          ],
        },
      },
    },
  };
}
