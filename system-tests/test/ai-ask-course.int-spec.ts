import {
  COURSE_NOT_COVERED_ANSWER,
  COURSE_NOT_READY_TO_ASK,
  type AccountExport,
  type AiQuestion,
} from '@lectern/contracts';
import { OFFLINE_MODEL } from '@lectern/offline-engine';
import { sql, startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';
import { analysed, courseOf, expectCitationsOfLectures } from './support/course-fixtures';

describe('Ask the course with the offline engine', () => {
  let stack: AiStack;

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'offline' });
  });
  afterAll(() => stack.close());

  it('answers from every lecture, citing the lecture and moment, and keeps the course its own thread', async () => {
    const { user, videoId: hashing } = await userWithVideo(stack, { plan: 'pro' });
    const [photosynthesis] = await analysed(user, ['phtsynth101']);
    const lectures = [photosynthesis as string, hashing];
    const courseId = await courseOf(user, lectures);

    const first = await user.post('/api/ai/ask').send({ courseId, question: 'What is the load factor?' });
    expect(first.status).toBe(200);
    const answered = first.body as AiQuestion;
    expect(answered).toMatchObject({ courseId, engine: 'offline', model: OFFLINE_MODEL });
    expect(answered.answer).toMatch(/load factor/i);
    expect(answered.citations.length).toBeGreaterThan(0);
    // The load factor is the hash tables lecture's: the course's second.
    expect(answered.citations.every((citation) => citation.videoId === hashing)).toBe(true);
    expect(answered.answer).toContain('[Lecture 2, ');
    await expectCitationsOfLectures(user, answered, lectures);

    const chlorophyll = await user
      .post('/api/ai/ask')
      .send({ courseId, question: 'What does chlorophyll absorb?' });
    expect(chlorophyll.status).toBe(200);
    expect((chlorophyll.body as AiQuestion).citations.every((c) => c.videoId === photosynthesis)).toBe(true);
    await expectCitationsOfLectures(user, chlorophyll.body as AiQuestion, lectures);

    const uncovered = await user
      .post('/api/ai/ask')
      .send({ courseId, question: 'Who painted the Mona Lisa?' });
    expect(uncovered.body).toMatchObject({ answer: COURSE_NOT_COVERED_ANSWER, citations: [] });

    const thread = await user.get(`/api/ai/course-questions/${courseId}`);
    expect(thread.status).toBe(200);
    expect((thread.body as AiQuestion[]).map((item) => item.id)).toEqual([
      answered.id,
      chlorophyll.body.id,
      uncovered.body.id,
    ]);
    expect(thread.body[0]).toEqual(answered);
    // The lectures' own threads hold none of the course's questions.
    expect((await user.get(`/api/ai/questions/${hashing}`)).body).toEqual([]);
    expect((await user.get('/api/usage')).body.aiQuestions).toEqual({ used: 3, limit: null });
    // The account export keeps the thread with its course, and in no library entry.
    const exported = (await user.get('/api/auth/me/export')).body as AccountExport;
    expect(exported.courses.find((course) => course.id === courseId)?.questions).toEqual(thread.body);
    expect(exported.library.flatMap((video) => video.questions)).toEqual([]);

    // Deleting the course deletes its thread; its lectures stay in the library.
    expect((await user.delete(`/api/courses/${courseId}`)).status).toBe(204);
    const [left] = await sql<{ n: string }>(
      stack,
      'SELECT count(*) AS n FROM ai_questions WHERE course_id = $1',
      [courseId],
    );
    expect(Number(left?.n)).toBe(0);
    expect((await user.get(`/api/videos/${hashing}`)).status).toBe(200);
  });

  it("answers 404 for another user's course and a missing one, 422 for a course with no ready lecture", async () => {
    const owner = await userWithVideo(stack, { label: 'owner' });
    const courseId = await courseOf(owner.user, [owner.videoId]);
    const other = await userWithVideo(stack, { label: 'other' });

    for (const id of [courseId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const ask = await other.user
        .post('/api/ai/ask')
        .send({ courseId: id, question: 'What is a collision?' });
      expect(ask.status).toBe(404);
      expect(ask.body).toEqual({ message: 'Course not found.' });
      const thread = await other.user.get(`/api/ai/course-questions/${id}`);
      expect(thread.status).toBe(404);
      expect(thread.body).toEqual({ message: 'Course not found.' });
    }

    const empty = await courseOf(other.user, []);
    const unready = await other.user
      .post('/api/ai/ask')
      .send({ courseId: empty, question: 'What is a hash?' });
    expect(unready.status).toBe(422);
    expect(unready.body).toEqual({ message: COURSE_NOT_READY_TO_ASK });
    expect((await other.user.get('/api/usage')).body.aiQuestions.used).toBe(0);
  });

  it('answers 400 to an ask naming both a video and a course, and to a blank question', async () => {
    const { user, videoId } = await userWithVideo(stack);
    const courseId = await courseOf(user, [videoId]);
    const both = await user.post('/api/ai/ask').send({ videoId, courseId, question: 'What is a hash?' });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ message: 'Ask about either a videoId or a courseId, not both.' });
    const blank = await user.post('/api/ai/ask').send({ courseId, question: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Please type a question.' });
    const noId = await user.post('/api/ai/ask').send({ courseId: ' ', question: 'What is a hash?' });
    expect(noId.body).toEqual({ message: 'A courseId is required.' });
  });

  it("counts a course's question against the Free plan's questions like a video's", async () => {
    const { user, videoId } = await userWithVideo(stack);
    const courseId = await courseOf(user, [videoId]);
    for (let index = 0; index < 5; index += 1) {
      const asked = await user
        .post('/api/ai/ask')
        .send({ courseId, question: `What is chaining? (${index})` });
      expect(asked.status).toBe(200);
    }
    const sixth = await user.post('/api/ai/ask').send({ courseId, question: 'What is chaining?' });
    expect(sixth.status).toBe(402);
    expect((await user.get('/api/usage')).body.aiQuestions).toEqual({ used: 5, limit: 5 });
  });
});
