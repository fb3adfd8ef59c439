import type { AddressInfo } from 'node:net';
import {
  AccountExportSchema,
  LECTURE_LIMITED_MESSAGE,
  NO_CAPTIONS_MESSAGE,
  PlaylistUrlMessages,
  planChangedChannel,
  type PlanChangedEvent,
  type Course,
  type CourseSummary,
  type ReadPlaylistResult,
} from '@lectern/contracts';
import { insertCourse, insertImportedLectures, insertVideo, type Db } from '@lectern/db';
import { createRedis, PermanentJobError, quitRedis, type RunningQueueWorker } from '@lectern/queue-runtime';
import { QueueName } from '@lectern/contracts';
import {
  cacheTranscript,
  eventually,
  gatewayDb,
  openEventStream,
  sessionCookie,
  recordUses,
  signedInBrowser,
  startAnsweringWorker,
  startTestGateway,
  watchUrl,
  type TestGateway,
} from '../../test/support';
import { courseChangedChannel } from './course-changes';
import { CourseImports } from './course-imports.service';

// Courses through the gateway: made by hand from library videos (ordered, renamed, given an exam date, deleted,
// owned like videos), and imported from a YouTube playlist, whose videos are then analysed in the playlist's
// order exactly as single analyses are. A queue worker on the gateway's Redis prefix stands in for the
// transcripts worker: it answers the playlist reads from the fixtures below and caches each fetched transcript.

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

const LIST = 'PLcourseImportFixture000000000001';
const PLAYLISTS: Record<string, ReadPlaylistResult> = {
  [LIST]: {
    listId: LIST,
    title: 'Algorithms',
    videos: [
      { youtubeId: 'crsLecture1', title: 'Sorting', duration: 600 },
      { youtubeId: 'noCaptions1', title: 'A lecture without captions', duration: 300 },
      { youtubeId: 'crsLecture3', title: 'Graphs', duration: 900 },
      { youtubeId: 'crsLecture1', title: 'Sorting (again)', duration: 600 },
      { youtubeId: 'crsLecture4', title: 'Dynamic programming', duration: 1200 },
    ],
    skipped: [{ position: 3, youtubeId: 'privateVid1', reason: 'it is private on YouTube.' }],
    truncated: true,
  },
};

describe('courses', () => {
  let gateway: TestGateway;
  let db: Db;
  let worker: RunningQueueWorker;
  let imports: CourseImports;
  let videos = 0;
  const fetched: string[] = [];
  /** Videos whose next fetch meets YouTube's bot check, once. */
  const botChecks = new Set<string>();
  /** Videos whose fetch waits until the test lets it go on. */
  const held = new Map<string, Promise<void>>();
  let base: string;

  beforeAll(async () => {
    gateway = await startTestGateway();
    db = gatewayDb(gateway);
    imports = gateway.app.get(CourseImports);
    await gateway.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
    worker = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'read-playlist': ({ listId }) => {
        const playlist = PLAYLISTS[listId];
        if (!playlist)
          return Promise.reject(new PermanentJobError(422, 'YouTube says this playlist does not exist.'));
        return Promise.resolve(playlist);
      },
      'fetch-transcript': async ({ youtubeId }) => {
        fetched.push(youtubeId);
        await held.get(youtubeId);
        if (youtubeId === 'noCaptions1') throw new PermanentJobError(422, NO_CAPTIONS_MESSAGE);
        if (botChecks.has(youtubeId)) {
          botChecks.delete(youtubeId);
          throw new PermanentJobError(429, 'YouTube is limiting requests from this server; try again later.');
        }
        const cached = await db.query<{ id: string }>('SELECT id FROM transcripts WHERE youtube_id = $1', [
          youtubeId,
        ]);
        return { transcriptId: cached.rows[0]?.id ?? (await cacheTranscript(db, youtubeId)), fetched: true };
      },
    });
  });
  afterAll(async () => {
    await worker.close();
    await gateway.close();
  });

  async function libraryVideo(browser: Browser): Promise<string> {
    videos += 1;
    const youtubeId = `crsVideo${String(videos).padStart(3, '0')}`;
    const transcriptId = await cacheTranscript(db, youtubeId);
    return insertVideo(db, { userId: browser.userId, transcriptId, youtubeId });
  }

  async function create(browser: Browser, body: object = { title: 'Algorithms' }): Promise<Course> {
    const response = await browser.post('/api/courses').send(body);
    expect(response.status).toBe(201);
    return response.body as Course;
  }

  const detail = async (browser: Browser, id: string): Promise<Course> => {
    const response = await browser.get(`/api/courses/${id}`);
    expect(response.status).toBe(200);
    return response.body as Course;
  };

  describe('made by hand', () => {
    it('makes a course with a title and an exam date, and lists the newest first', async () => {
      const browser = await signedInBrowser(gateway);
      const first = await create(browser, { title: '  Linear algebra ', examDate: '2027-01-20' });
      expect(first).toEqual({
        id: expect.any(String),
        title: 'Linear algebra',
        examDate: '2027-01-20',
        playlistId: null,
        lectureCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lectures: [],
        notices: [],
      });
      const second = await create(browser, { title: 'Statistics' });
      expect(second.examDate).toBeNull();
      const list = await browser.get('/api/courses');
      expect(list.status).toBe(200);
      expect((list.body as CourseSummary[]).map((course) => course.title)).toEqual([
        'Statistics',
        'Linear algebra',
      ]);
    });

    it('refuses a course without a title or with a day that is not one, saying why', async () => {
      const browser = await signedInBrowser(gateway);
      const cases: [object, string][] = [
        [{}, 'title must be text.'],
        [{ title: '   ' }, 'Please give the course a title.'],
        [{ title: 'x'.repeat(201) }, 'title must be at most 200 characters long.'],
        [{ title: 'A', examDate: '2027-02-30' }, 'examDate is not a day of the calendar.'],
        [
          { title: 'A', examDate: 'tomorrow' },
          'examDate must be a day such as "2026-06-15", or null for no exam date.',
        ],
      ];
      for (const [body, message] of cases) {
        const response = await browser.post('/api/courses').send(body);
        expect({ status: response.status, body: response.body as unknown }).toEqual({
          status: 400,
          body: { message },
        });
      }
      expect((await browser.get('/api/courses')).body).toEqual([]);
    });

    it('renames, sets and clears the exam date, and refuses an empty change', async () => {
      const browser = await signedInBrowser(gateway);
      const course = await create(browser);
      const renamed = await browser
        .patch(`/api/courses/${course.id}`)
        .send({ title: 'Algorithms II', examDate: '2027-06-01' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'Algorithms II', examDate: '2027-06-01' });
      const cleared = await browser.patch(`/api/courses/${course.id}`).send({ examDate: null });
      expect(cleared.body).toMatchObject({ title: 'Algorithms II', examDate: null });
      const empty = await browser.patch(`/api/courses/${course.id}`).send({});
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ message: 'Give a title or an examDate to change.' });
    });

    it('orders lectures, reorders and removes them; a video can be in several courses', async () => {
      const browser = await signedInBrowser(gateway);
      const [a, b, c] = [
        await libraryVideo(browser),
        await libraryVideo(browser),
        await libraryVideo(browser),
      ];
      const course = await create(browser);
      const other = await create(browser, { title: 'Other' });

      const set = await browser.put(`/api/courses/${course.id}/lectures`).send({ videoIds: [c, a, b] });
      expect(set.status).toBe(200);
      const lectures = (set.body as Course).lectures;
      expect(lectures.map((lecture) => [lecture.number, lecture.videoId, lecture.state])).toEqual([
        [1, c, 'ready'],
        [2, a, 'ready'],
        [3, b, 'ready'],
      ]);
      expect(lectures[0]).toMatchObject({
        title: expect.stringMatching(/^Lecture crsVideo/),
        duration: 60,
        message: null,
      });

      const reordered = await browser.put(`/api/courses/${course.id}/lectures`).send({ videoIds: [b, c] });
      expect((reordered.body as Course).lectures.map((lecture) => lecture.videoId)).toEqual([b, c]);
      await browser.put(`/api/courses/${other.id}/lectures`).send({ videoIds: [c] });
      expect((await detail(browser, other.id)).lectures.map((lecture) => lecture.videoId)).toEqual([c]);
      expect((await detail(browser, course.id)).lectureCount).toBe(2);
    });

    it("refuses another user's video, a listed twice video and a non-id, leaving the lectures as they were", async () => {
      const browser = await signedInBrowser(gateway);
      const stranger = await signedInBrowser(gateway, 'stranger');
      const mine = await libraryVideo(browser);
      const theirs = await libraryVideo(stranger);
      const course = await create(browser);
      await browser.put(`/api/courses/${course.id}/lectures`).send({ videoIds: [mine] });

      const foreign = await browser
        .put(`/api/courses/${course.id}/lectures`)
        .send({ videoIds: [theirs, mine] });
      expect({ status: foreign.status, body: foreign.body as unknown }).toEqual({
        status: 404,
        body: { message: 'Video not found.' },
      });
      const twice = await browser
        .put(`/api/courses/${course.id}/lectures`)
        .send({ videoIds: [mine, mine.toUpperCase()] });
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({
        message: 'A video can be in a course only once; videoIds lists one twice.',
      });
      const junk = await browser.put(`/api/courses/${course.id}/lectures`).send({ videoIds: ["1' OR 1=1"] });
      expect(junk.status).toBe(404);
      const notAList = await browser.put(`/api/courses/${course.id}/lectures`).send({ videoIds: 'all' });
      expect(notAList.status).toBe(400);
      expect((await detail(browser, course.id)).lectures.map((lecture) => lecture.videoId)).toEqual([mine]);
    });

    it('deleting a course keeps its videos; deleting a video takes it out of every course', async () => {
      const browser = await signedInBrowser(gateway);
      const [a, b] = [await libraryVideo(browser), await libraryVideo(browser)];
      const kept = await create(browser, { title: 'Kept' });
      const gone = await create(browser, { title: 'Gone' });
      await browser.put(`/api/courses/${kept.id}/lectures`).send({ videoIds: [a, b] });
      await browser.put(`/api/courses/${gone.id}/lectures`).send({ videoIds: [b] });

      expect((await browser.delete(`/api/courses/${gone.id}`)).status).toBe(204);
      expect((await browser.get(`/api/courses/${gone.id}`)).status).toBe(404);
      expect((await browser.get(`/api/videos/${b}`)).status).toBe(200);

      expect((await browser.delete(`/api/videos/${a}`)).status).toBe(204);
      expect(
        (await detail(browser, kept.id)).lectures.map((lecture) => [lecture.number, lecture.videoId]),
      ).toEqual([[1, b]]);
    });

    it("answers 404 Course not found. for another user's course and a missing one, changing nothing", async () => {
      const owner = await signedInBrowser(gateway, 'owner');
      const stranger = await signedInBrowser(gateway, 'stranger');
      const course = await create(owner, { title: 'Private' });
      const strangersVideo = await libraryVideo(stranger);
      const answers = [
        await stranger.get(`/api/courses/${course.id}`),
        await stranger.patch(`/api/courses/${course.id}`).send({ title: 'Mine now' }),
        await stranger.put(`/api/courses/${course.id}/lectures`).send({ videoIds: [strangersVideo] }),
        await stranger.delete(`/api/courses/${course.id}`),
        await owner.get('/api/courses/00000000-0000-4000-8000-000000000000'),
        await owner.get('/api/courses/not-an-id'),
      ];
      for (const answer of answers) {
        expect({ status: answer.status, body: answer.body as unknown }).toEqual({
          status: 404,
          body: { message: 'Course not found.' },
        });
      }
      expect(await detail(owner, course.id)).toMatchObject({ title: 'Private', lectures: [] });
      expect((await stranger.get('/api/courses')).body).toEqual([]);
    });

    it('puts the courses in the account export, each with its lectures in order', async () => {
      const browser = await signedInBrowser(gateway);
      const [a, b] = [await libraryVideo(browser), await libraryVideo(browser)];
      const course = await create(browser, { title: 'Exported', examDate: '2027-03-03' });
      await browser.put(`/api/courses/${course.id}/lectures`).send({ videoIds: [b, a] });
      const response = await browser.get('/api/auth/me/export');
      expect(response.status).toBe(200);
      const exported = AccountExportSchema.parse(JSON.parse(response.text));
      expect(exported.courses).toHaveLength(1);
      expect(exported.courses[0]).toMatchObject({ title: 'Exported', examDate: '2027-03-03' });
      expect(exported.courses[0]?.lectures.map((lecture) => lecture.videoId)).toEqual([b, a]);
    });
  });

  describe('imported from a playlist', () => {
    async function importPlaylist(browser: Browser, playlistUrl: string): Promise<Course> {
      const response = await browser.post('/api/courses/import').send({ playlistUrl });
      expect(response.status).toBe(202);
      return response.body as Course;
    }

    it('answers 202 with the course, then analyses its videos one by one in order, each as a single analysis would', async () => {
      const browser = await signedInBrowser(gateway);
      await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
      fetched.length = 0;

      const course = await importPlaylist(
        browser,
        `https://m.youtube.com/watch?v=crsLecture1&list=${LIST}&index=2`,
      );
      expect(course).toMatchObject({ title: 'Algorithms', playlistId: LIST, lectureCount: 4 });
      expect(course.lectures.map((lecture) => [lecture.number, lecture.youtubeId, lecture.title])).toEqual([
        [1, 'crsLecture1', 'Sorting'],
        [2, 'noCaptions1', 'A lecture without captions'],
        [3, 'crsLecture3', 'Graphs'],
        [4, 'crsLecture4', 'Dynamic programming'],
      ]);
      expect(course.notices).toEqual([
        'Video 3 of the playlist was left out: it is private on YouTube.',
        'The playlist has more than 300 videos; its first 300 were imported.',
      ]);

      await imports.settled(course.id);
      expect(fetched).toEqual(['crsLecture1', 'noCaptions1', 'crsLecture3', 'crsLecture4']);
      const done = await detail(browser, course.id);
      expect(done.lectures.map((lecture) => lecture.state)).toEqual(['ready', 'failed', 'ready', 'ready']);
      expect(done.lectures[0]).toMatchObject({ videoId: expect.any(String), title: 'Lecture crsLecture1' });

      // The failed lecture says what analysing the video alone says.
      const alone = await browser
        .post('/api/transcripts/fetch')
        .send({ youtubeUrl: watchUrl('noCaptions1') });
      expect(alone.status).toBe(422);
      expect(done.lectures[1]).toMatchObject({
        videoId: null,
        message: (alone.body as { message: string }).message,
      });
      expect(done.lectures[1]?.message).toContain(NO_CAPTIONS_MESSAGE);

      const library = await browser.get('/api/videos');
      expect((library.body as { youtubeId: string }[]).map((video) => video.youtubeId).sort()).toEqual([
        'crsLecture1',
        'crsLecture3',
        'crsLecture4',
      ]);
    });

    it("takes as many new videos as a Free user's month allows and holds the rest for next month or Pro", async () => {
      const browser = await signedInBrowser(gateway);
      await recordUses(db, browser.userId, 'transcript', 3);
      // Already in the library: costs nothing.
      const transcriptId = await cacheTranscript(db, 'crsLecture9');
      await insertVideo(db, { userId: browser.userId, transcriptId, youtubeId: 'crsLecture9' });
      PLAYLISTS.PLfreeUserFixture0000000000000000002 = {
        listId: 'PLfreeUserFixture0000000000000000002',
        title: 'Five lectures',
        videos: ['crsLecture9', 'crsLectur10', 'crsLectur11', 'crsLectur12', 'crsLectur13'].map(
          (youtubeId) => ({
            youtubeId,
            title: youtubeId,
            duration: 60,
          }),
        ),
        skipped: [],
        truncated: false,
      };

      const course = await importPlaylist(
        browser,
        'https://www.youtube.com/playlist?list=PLfreeUserFixture0000000000000000002',
      );
      expect(course.lectures.map((lecture) => lecture.state)).toEqual([
        'waiting',
        'waiting',
        'waiting',
        'limited',
        'limited',
      ]);
      expect(course.lectures[3]?.message).toBe(LECTURE_LIMITED_MESSAGE);
      expect(course.notices).toEqual([
        "2 lectures wait for next month or Pro: the Free plan's analyses of this month are used.",
      ]);

      await imports.settled(course.id);
      const done = await detail(browser, course.id);
      expect(done.lectures.map((lecture) => lecture.state)).toEqual([
        'ready',
        'ready',
        'ready',
        'limited',
        'limited',
      ]);
      const usage = await browser.get('/api/usage');
      expect(usage.body).toMatchObject({ videosAnalyzed: { used: 5, limit: 5 } });
    });

    const playlistOf = (listId: string, youtubeIds: string[]) => {
      PLAYLISTS[listId] = {
        listId,
        title: 'Limited',
        videos: youtubeIds.map((youtubeId) => ({ youtubeId, title: youtubeId, duration: 60 })),
        skipped: [],
        truncated: false,
      };
      return listId;
    };
    const statesInDb = async (courseId: string) =>
      (
        await db.query<{ state: string }>(
          'SELECT state FROM course_lectures WHERE course_id = $1 ORDER BY position',
          [courseId],
        )
      ).rows.map((row) => row.state);

    it('goes on with the lectures that waited once a new month begins and the user opens their course', async () => {
      const browser = await signedInBrowser(gateway);
      await recordUses(db, browser.userId, 'transcript', 3);
      const listId = playlistOf('PLnextMonthFixture000000000000006', [
        'crsLectur41',
        'crsLectur42',
        'crsLectur43',
        'crsLectur44',
        'crsLectur45',
      ]);
      const course = await importPlaylist(browser, listId);
      await imports.settled(course.id);
      expect(await statesInDb(course.id)).toEqual(['ready', 'ready', 'limited', 'limited', 'limited']);

      // The month turns: this month's count starts again, and three analyses are used already.
      await db.query("UPDATE usage_events SET month = '2000-01' WHERE user_id = $1", [browser.userId]);
      await recordUses(db, browser.userId, 'transcript', 3);
      let letGo!: () => void;
      held.set('crsLectur43', new Promise((resolve) => (letGo = resolve)));
      const opened = await detail(browser, course.id);
      letGo();
      held.delete('crsLectur43');
      // The first of them may be being fetched already.
      expect(
        opened.lectures.map((lecture) => (lecture.state === 'fetching' ? 'waiting' : lecture.state)),
      ).toEqual(['ready', 'ready', 'waiting', 'waiting', 'limited']);
      expect(opened.notices).toEqual([
        "1 lecture waits for next month or Pro: the Free plan's analyses of this month are used.",
      ]);
      await imports.settled(course.id);
      expect(await statesInDb(course.id)).toEqual(['ready', 'ready', 'ready', 'ready', 'limited']);
      // Opening it again with the month used changes nothing.
      expect((await detail(browser, course.id)).lectures.map((lecture) => lecture.state)).toEqual([
        'ready',
        'ready',
        'ready',
        'ready',
        'limited',
      ]);
    });

    it('analyses every lecture that waited at once when the user takes Pro', async () => {
      const browser = await signedInBrowser(gateway);
      await recordUses(db, browser.userId, 'transcript', 5);
      const listId = playlistOf('PLtakesProFixture0000000000000007', [
        'crsLectur51',
        'crsLectur52',
        'crsLectur53',
      ]);
      const course = await importPlaylist(browser, listId);
      expect(course.lectures.map((lecture) => lecture.state)).toEqual(['limited', 'limited', 'limited']);

      // What the billing worker does once a payment makes the user Pro: the plan in PostgreSQL, then the event.
      await db.query("UPDATE users SET plan = 'pro', subscription_status = 'active' WHERE id = $1", [
        browser.userId,
      ]);
      const redis = createRedis(gateway.env.REDIS_URL);
      try {
        const event: PlanChangedEvent = {
          userId: browser.userId,
          plan: 'pro',
          subscriptionStatus: 'active',
          proUntil: null,
          changedAt: new Date().toISOString(),
        };
        await redis.publish(planChangedChannel(gateway.env.REDIS_PREFIX), JSON.stringify(event));
      } finally {
        await quitRedis(redis);
      }
      // Read from the database, not the course page: opening it would resume them too.
      await eventually(
        () => statesInDb(course.id),
        (states) => states.every((state) => state === 'ready'),
      );
      expect((await detail(browser, course.id)).notices).toEqual([]);
    });

    it('pauses on a bot check instead of failing the rest, and goes on by itself', async () => {
      const browser = await signedInBrowser(gateway);
      await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
      PLAYLISTS.PLbotCheckFixture00000000000000003 = {
        listId: 'PLbotCheckFixture00000000000000003',
        title: 'Paused',
        videos: ['crsLectur21', 'crsLectur22', 'crsLectur23'].map((youtubeId) => ({
          youtubeId,
          title: youtubeId,
          duration: 60,
        })),
        skipped: [],
        truncated: false,
      };
      botChecks.add('crsLectur22');
      const pauses = imports.pauses;
      imports.pauses = { firstMs: 1, maxMs: 1, attempts: 6 };
      fetched.length = 0;
      try {
        const course = await importPlaylist(browser, 'PLbotCheckFixture00000000000000003');
        await imports.settled(course.id);
        expect(fetched).toEqual(['crsLectur21', 'crsLectur22', 'crsLectur22', 'crsLectur23']);
        const done = await detail(browser, course.id);
        expect(done.lectures.map((lecture) => [lecture.state, lecture.message])).toEqual([
          ['ready', null],
          ['ready', null],
          ['ready', null],
        ]);
      } finally {
        imports.pauses = pauses;
      }
    });

    it('fails a lecture with the sentence once YouTube keeps refusing past the pauses', async () => {
      const browser = await signedInBrowser(gateway);
      await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
      PLAYLISTS.PLbotCheckFixture00000000000000004 = {
        listId: 'PLbotCheckFixture00000000000000004',
        title: 'Refused',
        videos: [{ youtubeId: 'crsLectur24', title: null, duration: null }],
        skipped: [],
        truncated: false,
      };
      const pauses = imports.pauses;
      imports.pauses = { firstMs: 1, maxMs: 1, attempts: 0 };
      botChecks.add('crsLectur24');
      try {
        const course = await importPlaylist(browser, 'PLbotCheckFixture00000000000000004');
        await imports.settled(course.id);
        expect((await detail(browser, course.id)).lectures[0]).toMatchObject({
          state: 'failed',
          message: 'YouTube is limiting requests from this server; try again later.',
        });
      } finally {
        imports.pauses = pauses;
      }
    });

    it('takes up an import whose gateway stopped, once its lecture hold has run out', async () => {
      const browser = await signedInBrowser(gateway);
      await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
      const courseId = await insertCourse(db, { userId: browser.userId, title: 'Left', examDate: null });
      await insertImportedLectures(db, courseId, [
        { youtubeId: 'leftLectur1', title: null, duration: null, state: 'waiting', message: null },
        { youtubeId: 'leftLectur2', title: null, duration: null, state: 'waiting', message: null },
      ]);
      // The stopped gateway was fetching the first lecture; its hold ran out a minute ago.
      await db.query(
        `UPDATE course_lectures SET state = 'fetching', held_until = now() - interval '1 minute'
          WHERE course_id = $1 AND youtube_id = 'leftLectur1'`,
        [courseId],
      );
      fetched.length = 0;
      expect(await imports.takeUpStalled()).toContain(courseId);
      await imports.settled(courseId);
      expect(fetched).toEqual(['leftLectur1', 'leftLectur2']);
      expect((await detail(browser, courseId)).lectures.map((lecture) => lecture.state)).toEqual([
        'ready',
        'ready',
      ]);
    });

    it('leaves alone a paused lecture and one another gateway is analysing', async () => {
      const browser = await signedInBrowser(gateway);
      const paused = await insertCourse(db, { userId: browser.userId, title: 'Paused', examDate: null });
      const working = await insertCourse(db, { userId: browser.userId, title: 'Working', examDate: null });
      for (const [courseId, state] of [
        [paused, 'waiting'],
        [working, 'fetching'],
      ] as const) {
        await insertImportedLectures(db, courseId, [
          { youtubeId: 'heldLectur1', title: null, duration: null, state, message: null },
        ]);
        await db.query(
          `UPDATE course_lectures SET held_until = now() + interval '10 minutes' WHERE course_id = $1`,
          [courseId],
        );
      }
      fetched.length = 0;
      const takenUp = await imports.takeUpStalled();
      expect(takenUp).not.toContain(paused);
      expect(takenUp).not.toContain(working);
      await Promise.all(takenUp.map((courseId) => imports.settled(courseId)));
      expect(fetched).not.toContain('heldLectur1');
    });

    it('refuses a link without a playlist (400) and a playlist YouTube does not have (422), making no course', async () => {
      const browser = await signedInBrowser(gateway);
      const noList = await browser.post('/api/courses/import').send({ playlistUrl: watchUrl('crsLecture1') });
      expect({ status: noList.status, body: noList.body as unknown }).toEqual({
        status: 400,
        body: { message: PlaylistUrlMessages.noList },
      });
      const missing = await browser
        .post('/api/courses/import')
        .send({ playlistUrl: 'https://youtu.be/crsLecture1?list=PLnotAFixture00000000000000000000' });
      expect({ status: missing.status, body: missing.body as unknown }).toEqual({
        status: 422,
        body: { message: 'YouTube says this playlist does not exist.' },
      });
      const noBody = await browser.post('/api/courses/import').send({});
      expect(noBody.status).toBe(400);
      expect((await browser.get('/api/courses')).body).toEqual([]);
    });
  });
  describe('followed as an event stream', () => {
    async function streamUser(): Promise<{ browser: Browser; cookie: string }> {
      const browser = await signedInBrowser(gateway);
      const login = await gateway
        .http()
        .post('/api/auth/login')
        .send({ email: browser.email, password: 'correct horse' });
      return { browser, cookie: sessionCookie(login)! };
    }
    const states = (course: Course) => course.lectures.map((lecture) => lecture.state);

    it('sends the course at each change of its import, and the finished course as done', async () => {
      const { browser, cookie } = await streamUser();
      await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
      PLAYLISTS.PLstreamedFixture0000000000000005 = {
        listId: 'PLstreamedFixture0000000000000005',
        title: 'Streamed',
        videos: ['crsLectur31', 'crsLectur32'].map((youtubeId) => ({
          youtubeId,
          title: youtubeId,
          duration: 60,
        })),
        skipped: [],
        truncated: false,
      };
      let letGo!: () => void;
      held.set('crsLectur31', new Promise((resolve) => (letGo = resolve)));
      const imported = await browser
        .post('/api/courses/import')
        .send({ playlistUrl: 'PLstreamedFixture0000000000000005' });
      expect(imported.status).toBe(202);
      const course = imported.body as Course;

      const stream = await openEventStream(`${base}/api/courses/${course.id}/events`, { cookie });
      expect(stream.status).toBe(200);
      const first = await eventually(
        () => Promise.resolve(stream.events),
        (events) => events.length > 0,
      );
      expect(first[0]).toMatchObject({ event: 'course', data: { id: course.id } });
      expect(states(first[0]!.data as Course)).toEqual(['fetching', 'waiting']);
      letGo();
      await stream.ended;
      held.delete('crsLectur31');

      const events = stream.events;
      expect(events.at(-1)?.event).toBe('done');
      expect(events.slice(0, -1).every((event) => event.event === 'course')).toBe(true);
      const shown = events.map((event) => states(event.data as Course));
      expect(shown.at(-1)).toEqual(['ready', 'ready']);
      // The changes in the order the import made them.
      expect(shown).toContainEqual(['ready', 'fetching']);
    });

    it("is told of a change by any gateway through Redis, and answers another user's course as missing", async () => {
      const { browser, cookie } = await streamUser();
      const courseId = await insertCourse(db, { userId: browser.userId, title: 'Elsewhere', examDate: null });
      await insertImportedLectures(db, courseId, [
        { youtubeId: 'elseLectur1', title: null, duration: null, state: 'waiting', message: null },
      ]);
      // Another gateway is analysing it.
      await db.query(
        `UPDATE course_lectures SET state = 'fetching', held_until = now() + interval '10 minutes' WHERE course_id = $1`,
        [courseId],
      );
      const other = await streamUser();
      const refused = await openEventStream(`${base}/api/courses/${courseId}/events`, {
        cookie: other.cookie,
      });
      expect(refused.status).toBe(404);
      await refused.ended;
      expect(JSON.parse(refused.body)).toEqual({ message: 'Course not found.' });

      const stream = await openEventStream(`${base}/api/courses/${courseId}/events`, { cookie });
      await eventually(
        () => Promise.resolve(stream.events.length),
        (count) => count === 1,
      );
      const redis = createRedis(gateway.env.REDIS_URL);
      try {
        await db.query(
          `UPDATE course_lectures SET state = 'failed', message = 'Gone.' WHERE course_id = $1`,
          [courseId],
        );
        await redis.publish(courseChangedChannel(gateway.env.REDIS_PREFIX), courseId);
        await stream.ended;
      } finally {
        await quitRedis(redis);
      }
      expect(stream.events.map((event) => [event.event, states(event.data as Course)])).toEqual([
        ['course', ['fetching']],
        ['done', ['failed']],
      ]);
    });
  });
});
