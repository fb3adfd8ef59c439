import { randomUUID } from 'node:crypto';
import type { Course } from '@lectern/contracts';
import { addQuizReviewCard, insertQuizAttempt, insertVideo, type Db } from '@lectern/db';
import {
  cacheTranscript,
  gatewayDb,
  signedInBrowser,
  startTestGateway,
  type TestGateway,
} from '../../test/support';
import { newCardSchedule } from '../review/review-scheduler';

// The watched position the player reports, kept per user and video, and what a course shows of each lecture's
// study: where the user stopped, cards due, best and latest quiz score.

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

describe('video progress', () => {
  let gateway: TestGateway;
  let db: Db;
  let videos = 0;

  beforeAll(async () => {
    gateway = await startTestGateway();
    db = gatewayDb(gateway);
  });
  afterAll(async () => {
    await gateway.close();
  });

  async function libraryVideo(browser: Browser): Promise<string> {
    videos += 1;
    const youtubeId = `prgVideo${String(videos).padStart(3, '0')}`;
    return insertVideo(db, {
      userId: browser.userId,
      transcriptId: await cacheTranscript(db, youtubeId),
      youtubeId,
    });
  }

  async function courseOf(browser: Browser, videoIds: string[]): Promise<Course> {
    const made = await browser.post('/api/courses').send({ title: 'Physics' });
    const set = await browser.put(`/api/courses/${(made.body as Course).id}/lectures`).send({ videoIds });
    expect(set.status).toBe(200);
    return set.body as Course;
  }

  it('keeps the latest position, whole seconds, and the course shows it per lecture', async () => {
    const browser = await signedInBrowser(gateway);
    const [first, second] = [await libraryVideo(browser), await libraryVideo(browser)];
    const course = await courseOf(browser, [first, second]);
    expect(course.lectures.map((lecture) => lecture.watchedPosition)).toEqual([null, null]);

    expect((await browser.put(`/api/videos/${second}/progress`).send({ position: 12.9 })).body).toEqual({
      position: 12,
    });
    const saved = await browser.put(`/api/videos/${second}/progress`).send({ position: 42 });
    expect({ status: saved.status, body: saved.body as unknown }).toEqual({
      status: 200,
      body: { position: 42 },
    });

    const detail = (await browser.get(`/api/courses/${course.id}`)).body as Course;
    expect(detail.lectures.map((lecture) => lecture.watchedPosition)).toEqual([null, 42]);
  });

  it('answers 404 for another user’s video and a missing one, and keeps nothing', async () => {
    const owner = await signedInBrowser(gateway);
    const stranger = await signedInBrowser(gateway);
    const video = await libraryVideo(owner);
    for (const id of [video, randomUUID(), 'not-an-id']) {
      const response = await stranger.put(`/api/videos/${id}/progress`).send({ position: 5 });
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 404,
        body: { message: 'Video not found.' },
      });
    }
    const kept = await db.query('SELECT 1 FROM video_progress WHERE video_id = $1', [video]);
    expect(kept.rows).toEqual([]);
  });

  it('refuses a position that is not a place in a video, saying why', async () => {
    const browser = await signedInBrowser(gateway);
    const video = await libraryVideo(browser);
    const message = 'position must be a number of seconds from 0 to 604800.';
    const cases: [unknown, string][] = [
      [{}, message],
      [{ position: -1 }, message],
      [{ position: '12' }, message],
      [{ position: 604801 }, message],
      [[], 'The request body must be a JSON object.'],
    ];
    for (const [body, expected] of cases) {
      const response = await browser.put(`/api/videos/${video}/progress`).send(body as object);
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 400,
        body: { message: expected },
      });
    }
  });

  it('shows each lecture’s cards due and its best and latest quiz scores', async () => {
    const browser = await signedInBrowser(gateway);
    const video = await libraryVideo(browser);
    const course = await courseOf(browser, [video]);
    expect(course.lectures[0]).toMatchObject({ cardsDue: 0, bestQuizScore: null, lastQuizScore: null });

    const now = new Date();
    for (const key of ['q1', 'q2']) {
      await addQuizReviewCard(db, {
        userId: browser.userId,
        videoId: video,
        fresh: newCardSchedule(new Date(now.getTime() - 60_000)),
        key,
        question: `Question ${key}`,
        answer: 'Answer',
        position: 0,
        momentStart: 0,
      });
    }
    const attempt = (score: number, minutesAgo: number) =>
      insertQuizAttempt(db, {
        user_id: browser.userId,
        video_id: video,
        ai_content_id: randomUUID(),
        answers_json: [],
        results_json: [],
        score,
        total: 5,
        created_at: new Date(now.getTime() - minutesAgo * 60_000),
      });
    await attempt(4, 10);
    await attempt(2, 1);

    const detail = (await browser.get(`/api/courses/${course.id}`)).body as Course;
    expect(detail.lectures[0]).toMatchObject({
      cardsDue: 2,
      bestQuizScore: { score: 4, total: 5 },
      lastQuizScore: { score: 2, total: 5 },
    });
  });
});
