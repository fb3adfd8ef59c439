import {
  COURSE_NOT_READY_TO_GENERATE,
  type AccountExport,
  parseOutline,
  type AiContentItem,
  type CourseAiContentItem,
  type CourseOutline,
  type CourseSummaryOutput,
} from '@lectern/contracts';
import { firstSentence, OFFLINE_MODEL } from '@lectern/offline-engine';
import { sql, startAiStack, storedItemCount, userWithVideo, type AiStack } from './support/ai-fixtures';
import { analysed, courseOf, type User } from './support/course-fixtures';

// A course's outline and summary through the gateway and the ai worker (offline engine): each ready lecture's own
// outline or summary (the stored one, or one generated then), reduced into the course's in one counted job.

async function generationsUsed(user: User): Promise<number> {
  return ((await user.get('/api/usage')).body as { aiGenerations: { used: number } }).aiGenerations.used;
}

async function newestOf(user: User, videoId: string, feature: string): Promise<AiContentItem | undefined> {
  const items = (await user.get(`/api/ai/content/${videoId}`)).body as AiContentItem[];
  return items.find((item) => item.featureType === feature);
}

describe("a course's outline and summary with the offline engine", () => {
  let stack: AiStack;

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'offline' });
  });
  afterAll(() => stack.close());

  it('reuses a lecture summary already stored, generates the missing one, and counts the course summary once', async () => {
    const { user, videoId: hashing } = await userWithVideo(stack, { plan: 'pro' });
    const [photosynthesis] = (await analysed(user, ['phtsynth101'])) as [string];
    const courseId = await courseOf(user, [hashing, photosynthesis]);
    const stored = await user.post('/api/ai/generate').send({ videoId: hashing, type: 'summary' });
    expect(stored.status).toBe(200);
    expect(await generationsUsed(user)).toBe(1);

    const answered = await user.post('/api/ai/generate').send({ courseId, type: 'summary' });
    expect(answered.status).toBe(200);
    const item = answered.body as CourseAiContentItem;
    expect(item).toMatchObject({ courseId, type: 'summary', engine: 'offline', model: OFFLINE_MODEL });
    // The stored summary was read, not written again; the photosynthesis lecture's was generated, then the course's.
    expect(await storedItemCount(stack, hashing)).toBe(1);
    expect(await storedItemCount(stack, photosynthesis)).toBe(1);
    expect(await generationsUsed(user)).toBe(3);
    const generated = await newestOf(user, photosynthesis, 'summary');
    expect(generated?.summaryLength).toBe('short');

    const summary = item.output as CourseSummaryOutput;
    expect(summary.overview).toBeNull();
    expect(summary.lectures.map(({ number, videoId }) => [number, videoId])).toEqual([
      [1, hashing],
      [2, photosynthesis],
    ]);
    expect(summary.lectures[0]?.title).toMatch(/hash/i);
    expect(summary.lectures[0]?.summary).toBe(firstSentence((stored.body as AiContentItem).outputText));
    expect(summary.lectures[1]?.summary).toBe(firstSentence(generated?.outputText ?? ''));

    // Asked for as an event stream, the course's summary is one `done` event: nothing is streamed as it is written.
    const streamed = await user
      .post('/api/ai/generate')
      .set('Accept', 'text/event-stream')
      .buffer(true)
      .send({ courseId, type: 'summary' });
    expect(streamed.status).toBe(200);
    expect(streamed.text.match(/^event: \w+$/gm)).toEqual(['event: done']);
    expect(await generationsUsed(user)).toBe(4);

    // Asked again, the lectures' summaries are all stored: only the course's is written (and counted).
    expect((await user.post('/api/ai/generate').send({ courseId, type: 'summary' })).status).toBe(200);
    expect(await generationsUsed(user)).toBe(5);
    expect(await storedItemCount(stack, photosynthesis)).toBe(1);
  });

  it("keeps each lecture's outline sections, each moment a moment of its own lecture's outline", async () => {
    const { user, videoId: hashing } = await userWithVideo(stack, { plan: 'pro' });
    const [photosynthesis] = (await analysed(user, ['phtsynth101'])) as [string];
    const courseId = await courseOf(user, [photosynthesis, hashing]);

    const answered = await user.post('/api/ai/generate').send({ courseId, type: 'outline' });
    expect(answered.status).toBe(200);
    const outline = (answered.body as CourseAiContentItem).output as CourseOutline;
    expect(outline.lectures.map(({ number, videoId }) => [number, videoId])).toEqual([
      [1, photosynthesis],
      [2, hashing],
    ]);
    for (const lecture of outline.lectures) {
      const own = parseOutline((await newestOf(user, lecture.videoId, 'outline'))?.outputText ?? '');
      expect(lecture.sections.map((section) => section.title)).toEqual(
        own.sections.map((section) => section.title),
      );
      const moments = new Set(
        own.sections.flatMap((section) => [section.start, ...section.points.map((p) => p.start)]),
      );
      for (const section of lecture.sections) {
        for (const moment of [section.moment, ...section.points.map((point) => point.moment)]) {
          expect(moment.videoId).toBe(lecture.videoId);
          expect(moments.has(moment.start)).toBe(true);
        }
      }
    }
    expect(await generationsUsed(user)).toBe(3);

    const summary = await user.post('/api/ai/generate').send({ courseId, type: 'summary' });
    const read = await user.get(`/api/ai/course-content/${courseId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([answered.body, summary.body]);
    // The account export keeps them with their course.
    const exported = (await user.get('/api/auth/me/export')).body as AccountExport;
    expect(exported.courses.find((course) => course.id === courseId)?.aiContent).toEqual([
      answered.body,
      summary.body,
    ]);

    // Deleting the course deletes its outline and summary; its lectures and their own content stay.
    expect((await user.delete(`/api/courses/${courseId}`)).status).toBe(204);
    const [left] = await sql<{ n: string }>(
      stack,
      'SELECT count(*) AS n FROM course_ai_content WHERE course_id = $1',
      [courseId],
    );
    expect(Number(left?.n)).toBe(0);
    expect(await storedItemCount(stack, hashing)).toBe(2);
    expect((await user.get(`/api/ai/course-content/${courseId}`)).status).toBe(404);
  });

  it('is Pro: a Free user is told to upgrade, and nothing is generated or counted', async () => {
    const { user, videoId } = await userWithVideo(stack, { plan: 'free' });
    const courseId = await courseOf(user, [videoId]);
    const outline = await user.post('/api/ai/generate').send({ courseId, type: 'outline' });
    expect(outline.status).toBe(403);
    expect(outline.body).toEqual({
      message: 'Course outlines are part of the Pro plan. Upgrade to Pro to generate them.',
    });
    const summary = await user.post('/api/ai/generate').send({ courseId, type: 'summary' });
    expect(summary.status).toBe(403);
    expect(summary.body).toEqual({
      message: 'Course summaries are part of the Pro plan. Upgrade to Pro to generate them.',
    });
    expect(await storedItemCount(stack, videoId)).toBe(0);
    expect(await generationsUsed(user)).toBe(0);
    // Reading is for everyone.
    expect((await user.get(`/api/ai/course-content/${courseId}`)).body).toEqual([]);
  });

  it("answers 404 for another user's course and a missing one, 422 for a course with no ready lecture", async () => {
    const owner = await userWithVideo(stack, { plan: 'pro', label: 'owner' });
    const courseId = await courseOf(owner.user, [owner.videoId]);
    const other = await userWithVideo(stack, { plan: 'pro', label: 'other' });
    for (const id of [courseId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const generate = await other.user.post('/api/ai/generate').send({ courseId: id, type: 'outline' });
      expect(generate.status).toBe(404);
      expect(generate.body).toEqual({ message: 'Course not found.' });
      const read = await other.user.get(`/api/ai/course-content/${id}`);
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ message: 'Course not found.' });
    }
    expect(await storedItemCount(stack, owner.videoId)).toBe(0);

    const empty = await courseOf(other.user, []);
    const unready = await other.user.post('/api/ai/generate').send({ courseId: empty, type: 'summary' });
    expect(unready.status).toBe(422);
    expect(unready.body).toEqual({ message: COURSE_NOT_READY_TO_GENERATE });
    expect(await generationsUsed(other.user)).toBe(0);
  });

  it('answers 400 to a generation naming both a video and a course, and to a type a course has not', async () => {
    const { user, videoId } = await userWithVideo(stack, { plan: 'pro' });
    const courseId = await courseOf(user, [videoId]);
    const both = await user.post('/api/ai/generate').send({ videoId, courseId, type: 'outline' });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ message: 'Generate for either a videoId or a courseId, not both.' });
    const quiz = await user.post('/api/ai/generate').send({ courseId, type: 'quiz' });
    expect(quiz.status).toBe(400);
    expect(quiz.body).toEqual({
      message: 'A course has an outline or a summary: choose outline or summary.',
    });
    const none = await user.post('/api/ai/generate').send({ courseId });
    expect(none.body).toEqual({ message: 'A type is required: outline or summary.' });
    const blank = await user.post('/api/ai/generate').send({ courseId: ' ', type: 'outline' });
    expect(blank.body).toEqual({ message: 'A courseId is required.' });
  });
});
