import type { AiQuestion } from '@lectern/contracts';
import { INVENTED_MOMENT } from '@lectern/fakes/openai';
import { FAKE_OPENAI_MODEL, startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';
import { analysed, courseOf, expectCitationsOfLectures } from './support/course-fixtures';

describe('Ask the course through an OpenAI-compatible provider', () => {
  let stack: AiStack;

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'openai' });
  });
  afterAll(() => stack.close());

  it('answers from the best windows of the whole course, citing two lectures, each moment one it was sent', async () => {
    const fake = stack.openAi!;
    const { user, videoId: hashing } = await userWithVideo(stack, { plan: 'pro' });
    const [photosynthesis, economics] = await analysed(user, ['phtsynth101', 'supplydmnd1']);
    const lectures = [photosynthesis as string, economics as string, hashing];
    const courseId = await courseOf(user, lectures);
    // The model cites the first and the last moment it was sent, and one it was not.
    fake.answerQuestionsWith = (moments) =>
      `Chlorophyll absorbs light [${moments[0] ?? ''}]. The load factor measures fullness [${moments.at(-1) ?? ''}]. ` +
      `Both are on the exam [${INVENTED_MOMENT}].`;

    const response = await user.post('/api/ai/ask').send({
      courseId,
      question: 'What does chlorophyll absorb, and what is the load factor of a hash table?',
    });
    expect(response.status).toBe(200);
    const answered = response.body as AiQuestion;
    expect(answered).toMatchObject({ courseId, engine: 'openai', model: FAKE_OPENAI_MODEL });
    expect(fake.requests.at(-1)).toMatchObject({ kind: 'ask' });
    // The model is told it answers about a course of lectures, its moments on the lectures laid end to end.
    const system = fake.requests.at(-1)?.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(system).toMatch(/^Task: answer a student's question about a course of lectures /);
    expect(system).not.toMatch(/video/);
    expect(new Set(answered.citations.map((citation) => citation.videoId))).toEqual(
      new Set([photosynthesis, hashing]),
    );
    expect(answered.answer).not.toContain(INVENTED_MOMENT);
    expect(answered.answer).toContain('[Lecture 1, ');
    expect(answered.answer).toContain('[Lecture 3, ');
    await expectCitationsOfLectures(user, answered, lectures);
  });
});
