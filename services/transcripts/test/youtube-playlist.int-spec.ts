import { decodeFailure } from '@lectern/queue-runtime';
import {
  COURSE_PLAYLIST_ID,
  HUGE_PLAYLIST_ID,
  LOCKUP_PLAYLIST_ID,
  SHORT_PLAYLIST_ID,
  courseLectureId,
  startFakeYouTube,
  type FakeYouTube,
} from '@lectern/fakes/youtube';
import { createYouTubeClient, type YouTubeClient } from '../src/youtube';

// Reading a playlist through InnerTube `browse` from the fake YouTube, which answers in the shapes captured
// from YouTube (tools/fakes/src/youtube/playlists.ts): pages, continuations, unavailable entries, the newer
// lockup layout, the cap, a playlist that does not exist, and the proxy every request goes through.

let fake: FakeYouTube;
let client: YouTubeClient;

beforeAll(async () => {
  fake = await startFakeYouTube();
  client = createYouTubeClient({ origin: fake.url, timeoutMs: 5_000 });
});
afterAll(async () => {
  await client.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const decoded = decodeFailure(error instanceof Error ? error.message : undefined);
    if (!decoded) throw error;
    return decoded;
  }
  throw new Error('expected the read to fail');
}

it('reads a 120-video playlist in order over two continuations, skipping the private video with its reason', async () => {
  const playlist = await client.readPlaylist(COURSE_PLAYLIST_ID, { maxVideos: 300 });
  expect(playlist.title).toBe('CS 101: Algorithms and Data Structures');
  expect(playlist.truncated).toBe(false);
  expect(playlist.videos).toHaveLength(119);
  expect(playlist.videos[0]).toEqual({
    youtubeId: courseLectureId(1),
    title: fake.videos.get(courseLectureId(1))?.title,
    duration: fake.videos.get(courseLectureId(1))?.lengthSeconds,
  });
  const expectedIds = Array.from({ length: 120 }, (_, index) => index + 1)
    .filter((number) => number !== 7)
    .map((number) => (number === 12 ? 'noCaptions1' : courseLectureId(number)));
  expect(playlist.videos.map((video) => video.youtubeId)).toEqual(expectedIds);
  expect(playlist.skipped).toEqual([
    { position: 7, youtubeId: 'privateVid1', reason: 'it is private on YouTube.' },
  ]);
  expect(fake.requests.map((request) => [request.method, request.path, request.browse])).toEqual([
    ['POST', '/youtubei/v1/browse?prettyPrint=false', `VL${COURSE_PLAYLIST_ID}`],
    ['POST', '/youtubei/v1/browse?prettyPrint=false', 'continuation'],
    ['POST', '/youtubei/v1/browse?prettyPrint=false', 'continuation'],
  ]);
});

it('says which entry was deleted', async () => {
  const playlist = await client.readPlaylist(SHORT_PLAYLIST_ID, { maxVideos: 300 });
  expect(playlist.videos.map((video) => video.youtubeId)).toEqual([
    'phtsynth101',
    'printpress1',
    'derivative1',
    'hashtables1',
  ]);
  expect(playlist.skipped).toEqual([
    { position: 2, youtubeId: 'removedVid1', reason: 'it was deleted from YouTube.' },
  ]);
});

it('reads the newer lockupViewModel layout, durations from the thumbnail badge', async () => {
  const playlist = await client.readPlaylist(LOCKUP_PLAYLIST_ID, { maxVideos: 300 });
  expect(playlist.videos).toEqual(
    ['supplydmnd1', 'hashtables1', 'phtsynth101'].map((id) => ({
      youtubeId: id,
      title: fake.videos.get(id)?.title,
      duration: fake.videos.get(id)?.lengthSeconds,
    })),
  );
});

it('stops at the cap: the first 300 of 350, marked truncated, without reading the last page', async () => {
  const playlist = await client.readPlaylist(HUGE_PLAYLIST_ID, { maxVideos: 300 });
  expect(playlist.videos).toHaveLength(300);
  expect(playlist.videos.at(-1)?.youtubeId).toBe('hugeList300');
  expect(playlist.truncated).toBe(true);
  expect(fake.requests).toHaveLength(3);
});

it('is not truncated when the playlist has exactly as many videos as the cap', async () => {
  const playlist = await client.readPlaylist(SHORT_PLAYLIST_ID, { maxVideos: 4 });
  expect(playlist.videos).toHaveLength(4);
  expect(playlist.truncated).toBe(false);
});

it('answers 422 for a playlist that does not exist (YouTube’s ERROR alert)', async () => {
  expect(
    await failureOf(client.readPlaylist('PLdoesNotExist000000000000000000000', { maxVideos: 300 })),
  ).toEqual({
    status: 422,
    message:
      'YouTube says this playlist does not exist, or it is private; check the link, or make the playlist public or unlisted.',
  });
});

it('goes through the configured proxy: with the proxy down, the read fails rather than going direct', async () => {
  const proxied = createYouTubeClient({
    origin: fake.url,
    proxyUrls: ['http://127.0.0.1:9'],
    timeoutMs: 5_000,
  });
  try {
    expect((await failureOf(proxied.readPlaylist(SHORT_PLAYLIST_ID, { maxVideos: 300 }))).status).toBe(502);
    expect(fake.requests).toHaveLength(0);
  } finally {
    await proxied.close();
  }
});

it('waits for a turn on its route before each page, as before each transcript fetch', async () => {
  const turns: string[] = [];
  const paced = createYouTubeClient({
    origin: fake.url,
    timeoutMs: 5_000,
    pacing: { wait: (route) => Promise.resolve(void turns.push(route)) },
  });
  try {
    await paced.readPlaylist(COURSE_PLAYLIST_ID, { maxVideos: 300 });
    expect(turns).toEqual(['direct', 'direct', 'direct']);
    await paced.fetchTranscript('hashtables1');
    expect(turns).toHaveLength(4);
  } finally {
    await paced.close();
  }
});
