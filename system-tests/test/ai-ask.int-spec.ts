import {
  MAX_QUESTION_LENGTH,
  NOT_COVERED_ANSWER,
  TIMESTAMP_PATTERN,
  formatTimestamp,
  type AiQuestion,
} from '@lectern/contracts';
import { OFFLINE_MODEL } from '@lectern/offline-engine';
import { sql, startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';

const CITED = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]`, 'g');
const FREE_LIMIT_MESSAGE =
  'You have used all 5 questions of the Free plan this month. Upgrade to Pro for unlimited questions.';

async function storedQuestions(stack: AiStack, videoId: string): Promise<number> {
  const [row] = await sql<{ n: string }>(
    stack,
    'SELECT count(*) AS n FROM ai_questions WHERE video_id = $1',
    [videoId],
  );
  return Number(row?.n ?? 0);
}

describe('Ask the video with the offline engine', () => {
  let stack: AiStack;

  beforeAll(async () => {
    // Enough job slots for the race below to be decided by the monthly limit, not by the slots.
    stack = await startAiStack({ engine: 'offline', gateway: { JOBS_IN_FLIGHT_FREE: '20' } });
  });
  afterAll(() => stack.close());

  it('answers from the transcript citing moments that exist, and keeps the thread newest last', async () => {
    const { user, videoId } = await userWithVideo(stack, { plan: 'pro' });
    const segments = (await user.get(`/api/videos/${videoId}`)).body.transcriptSegments as Array<{
      start: number;
      text: string;
    }>;

    const first = await user.post('/api/ai/ask').send({ videoId, question: 'What is the load factor?' });
    expect(first.status).toBe(200);
    const answered = first.body as AiQuestion;
    expect(answered).toMatchObject({
      id: expect.any(String),
      question: 'What is the load factor?',
      engine: 'offline',
      model: OFFLINE_MODEL,
      createdAt: expect.any(String),
    });
    expect(answered.answer).toMatch(/load factor/i);
    expect(answered.citations.length).toBeGreaterThan(0);
    const moments = [...answered.answer.matchAll(CITED)].map((match) => match[1]);
    expect(moments).toEqual(answered.citations.map((citation) => formatTimestamp(citation.start)));
    for (const citation of answered.citations) {
      expect(segments.some((segment) => segment.start === citation.start)).toBe(true);
    }

    const second = await user
      .post('/api/ai/ask')
      .send({ videoId, question: '  Who painted the Mona Lisa?  ' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      question: 'Who painted the Mona Lisa?',
      answer: NOT_COVERED_ANSWER,
      citations: [],
    });

    const thread = await user.get(`/api/ai/questions/${videoId}`);
    expect(thread.status).toBe(200);
    expect((thread.body as AiQuestion[]).map((item) => item.id)).toEqual([answered.id, second.body.id]);
    expect(thread.body[0]).toEqual(answered);
    // Pro is unlimited; every question is still recorded.
    expect((await user.get('/api/usage')).body.aiQuestions).toEqual({ used: 2, limit: null });
  });

  it('deletes a question from the thread; the use it counted stays counted', async () => {
    const { user, videoId } = await userWithVideo(stack);
    const kept = await user.post('/api/ai/ask').send({ videoId, question: 'What is chaining?' });
    const gone = await user.post('/api/ai/ask').send({ videoId, question: 'Why do we resize?' });
    expect([kept.status, gone.status]).toEqual([200, 200]);

    const deleted = await user.delete(`/api/ai/questions/${gone.body.id as string}`);
    expect(deleted.status).toBe(204);
    const thread = (await user.get(`/api/ai/questions/${videoId}`)).body as AiQuestion[];
    expect(thread.map((item) => item.id)).toEqual([kept.body.id]);
    expect((await user.delete(`/api/ai/questions/${gone.body.id as string}`)).body).toEqual({
      message: 'Question not found.',
    });
    expect((await user.get('/api/usage')).body.aiQuestions).toEqual({ used: 2, limit: 5 });
  });

  it("answers 404 for another user's video and question, and for missing ones", async () => {
    const owner = await userWithVideo(stack, { label: 'owner' });
    const asked = await owner.user
      .post('/api/ai/ask')
      .send({ videoId: owner.videoId, question: 'What is a collision?' });
    expect(asked.status).toBe(200);
    const other = await userWithVideo(stack, { label: 'other' });

    for (const videoId of [owner.videoId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const ask = await other.user.post('/api/ai/ask').send({ videoId, question: 'What is a collision?' });
      expect(ask.status).toBe(404);
      expect(ask.body).toEqual({ message: 'Video not found.' });
      const thread = await other.user.get(`/api/ai/questions/${videoId}`);
      expect(thread.status).toBe(404);
      expect(thread.body).toEqual({ message: 'Video not found.' });
    }
    for (const id of [asked.body.id as string, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const deleted = await other.user.delete(`/api/ai/questions/${id}`);
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual({ message: 'Question not found.' });
    }
    expect(await storedQuestions(stack, owner.videoId)).toBe(1);
    expect((await other.user.get('/api/usage')).body.aiQuestions.used).toBe(0);
  });

  it.each([
    ['no question', {}, 'A question is required.'],
    ['a blank question', { question: '   ' }, 'Please type a question.'],
    ['a question that is not text', { question: 42 }, 'A question is required.'],
    [
      `a question over ${MAX_QUESTION_LENGTH} characters`,
      { question: 'x'.repeat(MAX_QUESTION_LENGTH + 1) },
      'A question must be at most 500 characters long.',
    ],
  ])('answers 400 to %s with a sentence, counting nothing', async (_case, body, message) => {
    const { user, videoId } = await userWithVideo(stack);
    const response = await user.post('/api/ai/ask').send({ videoId, ...body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect((await user.get('/api/usage')).body.aiQuestions.used).toBe(0);
  });

  it('answers 400 without a video id and 401 when signed out', async () => {
    const { user } = await userWithVideo(stack);
    const missing = await user.post('/api/ai/ask').send({ question: 'What is a hash?' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'A videoId is required.' });
    const anonymous = stack.gateway.http();
    expect((await anonymous.post('/api/ai/ask').send({ question: 'What?' })).status).toBe(401);
    expect((await anonymous.get('/api/ai/questions/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  describe('the Free plan', () => {
    it('allows 5 questions a month, then answers 402 saying the limit and that Pro lifts it', async () => {
      const { user, videoId } = await userWithVideo(stack);
      for (let index = 0; index < 5; index += 1) {
        const response = await user
          .post('/api/ai/ask')
          .send({ videoId, question: `What is chaining? (${index})` });
        expect(response.status).toBe(200);
      }
      const sixth = await user.post('/api/ai/ask').send({ videoId, question: 'What is chaining?' });
      expect(sixth.status).toBe(402);
      expect(sixth.body).toEqual({ message: FREE_LIMIT_MESSAGE });
      expect(await storedQuestions(stack, videoId)).toBe(5);
      expect((await user.get('/api/usage')).body.aiQuestions).toEqual({ used: 5, limit: 5 });
      // Reading the thread never counts, even at the limit; questions do not use up generations.
      expect((await user.get(`/api/ai/questions/${videoId}`)).status).toBe(200);
      expect((await user.get('/api/usage')).body.aiGenerations.used).toBe(0);

      await sql(stack, "UPDATE users SET plan = 'pro' WHERE id = $1", [user.userId]);
      expect((await user.post('/api/ai/ask').send({ videoId, question: 'What is chaining?' })).status).toBe(
        200,
      );
    });

    it('never answers more than 5 questions when eight asks race', async () => {
      const { user, videoId } = await userWithVideo(stack);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          user.post('/api/ai/ask').send({ videoId, question: `What is open addressing? (${index})` }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 402, 402, 402]);
      expect(await storedQuestions(stack, videoId)).toBe(5);
      expect((await user.get('/api/usage')).body.aiQuestions).toEqual({ used: 5, limit: 5 });
    });
  });

  it('includes the questions in the account export', async () => {
    const { user, videoId } = await userWithVideo(stack);
    const asked = await user.post('/api/ai/ask').send({ videoId, question: 'What does a hash function do?' });
    const exported = await user.get('/api/auth/me/export');
    expect(exported.status).toBe(200);
    const video = (exported.body.library as Array<{ id: string; questions: AiQuestion[] }>).find(
      (entry) => entry.id === videoId,
    );
    expect(video?.questions).toEqual([asked.body]);
  });
});
