import type { Course } from '@lectern/contracts';
import {
  COURSE_PLAYLIST_ID,
  HUGE_PLAYLIST_ID,
  SHORT_PLAYLIST_ID,
  startConnectProxy,
  type ConnectProxy,
  type FakeRequest,
} from '@lectern/fakes/youtube';
import {
  signUp,
  startProcessStack,
  until,
  type ApiUser,
  type ProcessStack,
} from './faults/support/process-stack';

// A playlist import on the built gateway and transcripts worker processes, with the fake YouTube reached through
// two proxies (YOUTUBE_PROXY_URL): the fake records when each request came and through which proxy's tunnel.
// YOUTUBE_FETCHES_PER_MINUTE spaces the fetches of each proxy 60000 / N ms apart, so a low N shows the pacing in
// a few seconds. The assertions count fetches; the one bound on time is the pacing's own, a fetch's worth of
// slack given to the way to the fake.

const FETCHES_PER_MINUTE = 60;
const TURN_MS = 60_000 / FETCHES_PER_MINUTE;
/** Ten turns: a proxy may start ten fetches in it, and one more at its very end as the way to the fake varies. */
const WINDOW_MS = 10 * TURN_MS;
const ALLOWED_PER_WINDOW = 10;

/** A YouTube fetch as the fake sees it begin: a page of a playlist, or the first player request of a video. */
function fetchStarts(requests: FakeRequest[]): FakeRequest[] {
  const seen = new Set<string>();
  return requests.filter((request) => {
    if (request.browse !== undefined) return true;
    if (!request.path.startsWith('/youtubei/v1/player') || !request.videoId) return false;
    if (seen.has(request.videoId)) return false;
    seen.add(request.videoId);
    return true;
  });
}

/** The most fetches that fall in any window of `windowMs` (from one fetch on). */
function mostInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(
    0,
    ...sorted.map((start, i) => sorted.slice(i).filter((time) => time < start + windowMs).length),
  );
}

describe('a playlist import through two proxies, paced per proxy', () => {
  let proxies: ConnectProxy[];
  let stack: ProcessStack;

  beforeAll(async () => {
    proxies = await Promise.all([startConnectProxy(), startConnectProxy()]);
    stack = await startProcessStack({
      workers: ['transcripts'],
      env: {
        YOUTUBE_PROXY_URL: proxies.map((proxy) => proxy.url).join(','),
        YOUTUBE_FETCHES_PER_MINUTE: String(FETCHES_PER_MINUTE),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await Promise.all(proxies.map((proxy) => proxy.close()));
  }, 60_000);

  const proxyOf = (request: FakeRequest) => proxies.findIndex((proxy) => proxy.ports.has(request.peerPort));
  const courseOf = async (user: ApiUser, id: string) =>
    (await user.call('GET', `/api/courses/${id}`)).body as Course;
  /** Waits until no request has come to the fake for two turns: the stopped import's last fetch is in. */
  const settle = (courseId: string) =>
    until(
      () => Promise.resolve(stack.youtube.requests.at(-1)?.receivedAt ?? 0),
      (last) => Date.now() - last > 2 * TURN_MS,
      30_000,
      `the import of ${courseId} stopped`,
    );
  const asPro = async (label: string) => {
    const user = await signUp(stack, label);
    await stack.sql("UPDATE users SET plan = 'pro' WHERE id = $1", [user.id]);
    return user;
  };

  it("keeps each proxy to its fetches a minute, and another user's analysis waits behind at most one of the import's", async () => {
    // Two imports at once ask for fetches faster than the proxies may make them: the pacing holds them back.
    const [course, huge] = await Promise.all(
      [COURSE_PLAYLIST_ID, HUGE_PLAYLIST_ID].map(async (playlist) => {
        const pro = await asPro('pacing');
        const imported = await pro.call('POST', '/api/courses/import', { playlistUrl: playlist });
        expect(imported.status).toBe(202);
        return { pro, course: imported.body as Course };
      }),
    );
    const idsOf = (imported: { course: Course }) => new Set(imported.course.lectures.map((l) => l.youtubeId));
    const courseIds = idsOf(course!);
    const fetchesOf = (ids: Set<string | null>) =>
      fetchStarts(stack.youtube.requests).filter((request) => ids.has(request.videoId ?? ''));
    await until(
      () => Promise.resolve(fetchesOf(courseIds).length + fetchesOf(idsOf(huge!)).length),
      (fetched) => fetched >= 4 * ALLOWED_PER_WINDOW,
      120_000,
      'two windows of fetches on each proxy',
    );
    // Deleting a course stops its import.
    expect((await huge!.pro.call('DELETE', `/api/courses/${huge!.course.id}`)).status).toBe(204);

    // With one import left, a Free user analyses a video of their own.
    const other = await signUp(stack, 'pacing-other');
    const askedAt = Date.now();
    const single = await other.call('POST', '/api/transcripts/fetch', { youtubeUrl: 'supplydmnd1' });
    expect(single.status).toBe(200);
    const singleFetch = () => fetchStarts(stack.youtube.requests).find((r) => r.videoId === 'supplydmnd1')!;
    await until(
      () =>
        Promise.resolve(fetchesOf(courseIds).filter((r) => r.receivedAt > singleFetch().receivedAt).length),
      (after) => after >= 3,
      60_000,
      'the import going on after the single analysis',
    );
    expect((await course!.pro.call('DELETE', `/api/courses/${course!.course.id}`)).status).toBe(204);
    await settle(course!.course.id);

    const starts = fetchStarts(stack.youtube.requests);
    // Every request went through one of the proxies, and both took turns.
    expect(stack.youtube.requests.filter((request) => proxyOf(request) === -1)).toEqual([]);
    for (const index of proxies.keys()) {
      const fetches = starts.filter((request) => proxyOf(request) === index);
      expect(fetches.length).toBeGreaterThan(ALLOWED_PER_WINDOW + 1);
      expect(
        mostInAnyWindow(
          fetches.map((request) => request.receivedAt),
          WINDOW_MS,
        ),
      ).toBeLessThanOrEqual(ALLOWED_PER_WINDOW + 1);
    }

    // The single analysis took the next turn of its proxy: at most one of the import's fetches came through that
    // proxy between the ask and it.
    const ahead = fetchesOf(courseIds).filter(
      (request) =>
        proxyOf(request) === proxyOf(singleFetch()) &&
        request.receivedAt >= askedAt &&
        starts.indexOf(request) < starts.indexOf(singleFetch()),
    );
    expect(ahead.length).toBeLessThanOrEqual(1);
  }, 240_000);

  it('pauses on a bot check, leaving the lectures after it waiting, and finishes every lecture once it is gone', async () => {
    const pro = await asPro('bot-check');
    stack.youtube.setBotCheck(true);
    const firstRequest = stack.youtube.requests.length;
    const imported = await pro.call('POST', '/api/courses/import', { playlistUrl: SHORT_PLAYLIST_ID });
    expect(imported.status).toBe(202);
    const course = imported.body as Course;
    const lectureIds = course.lectures.map((lecture) => lecture.youtubeId);

    const paused = await until(
      () => courseOf(pro, course.id),
      (shown) => shown.lectures[0]?.message?.startsWith('Paused: ') ?? false,
      60_000,
      'the import paused',
    );
    expect(paused.lectures[0]).toMatchObject({ state: 'waiting' });
    expect(paused.lectures[0]?.message).toMatch(/The import goes on by itself\.$/);
    expect(paused.lectures.slice(1).map((lecture) => [lecture.state, lecture.message])).toEqual([
      ['waiting', null],
      ['waiting', null],
      ['waiting', null],
    ]);
    const checked = stack.youtube.requests.slice(firstRequest);
    // While the check lasted, only the first lecture was asked for: the import waits rather than failing the rest.
    expect(new Set(checked.flatMap((request) => (request.videoId ? [request.videoId] : [])))).toEqual(
      new Set([lectureIds[0]]),
    );

    stack.youtube.setBotCheck(false);
    const checkGone = stack.youtube.requests.length;
    const done = await until(
      () => courseOf(pro, course.id),
      (shown) => shown.lectures.every((lecture) => lecture.state === 'ready'),
      150_000,
      'the import resumed and finished',
    );
    expect(done.lectures.map((lecture) => lecture.message)).toEqual([null, null, null, null]);
    // After the check, each lecture was fetched once, in the playlist's order.
    const afterwards = fetchStarts(stack.youtube.requests.slice(checkGone));
    expect(afterwards.map((request) => request.videoId)).toEqual(lectureIds);
  }, 240_000);
});
