import { NOT_COVERED_ANSWER, TIMESTAMP_PATTERN, type AiQuestion } from '@lectern/contracts';
import { INVENTED_MOMENT, type FakeOpenAi } from '@lectern/fakes/openai';
import { FAKE_OPENAI_MODEL, sql, startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';

const AI_TIMEOUT_MS = 2_000;
const CITED = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]`, 'g');

describe('Ask the video through an OpenAI-compatible provider', () => {
  let stack: AiStack;
  let fake: FakeOpenAi;
  let user: Awaited<ReturnType<typeof userWithVideo>>;
  // Messages name the kind of provider, never OPENAI_BASE_URL's address.
  const provider = () => 'OpenAI-compatible server';
  const ask = (question: string) => user.user.post('/api/ai/ask').send({ videoId: user.videoId, question });
  const stored = async () =>
    Number(
      (
        await sql<{ n: string }>(stack, 'SELECT count(*) AS n FROM ai_questions WHERE video_id = $1', [
          user.videoId,
        ])
      )[0]?.n ?? 0,
    );
  // The moments of the excerpt lines the last request carried.
  const sentMoments = () =>
    new Set(
      [...(fake.requests.at(-1)?.messages[1]?.content ?? '').matchAll(/^\[([\d:]+)\] /gm)].map((m) => m[1]),
    );

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'openai', ai: { aiTimeoutMs: AI_TIMEOUT_MS } });
    fake = stack.openAi!;
    user = await userWithVideo(stack, { youtubeId: 'phtsynth101' });
  });
  afterAll(() => stack.close());
  beforeEach(() => fake.reset());

  it('answers from the windows it sent, citing only moments that were sent, even when the model invents one', async () => {
    fake.inventCitations = true;
    const response = await ask('What does chlorophyll absorb?');
    expect(response.status).toBe(200);
    const answered = response.body as AiQuestion;
    expect(answered).toMatchObject({ engine: 'openai', model: FAKE_OPENAI_MODEL });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      kind: 'ask',
      question: 'What does chlorophyll absorb?',
      problem: null,
    });
    expect(answered.answer).not.toContain(INVENTED_MOMENT);
    expect(answered.citations.length).toBeGreaterThan(0);
    const sent = sentMoments();
    for (const [, moment] of answered.answer.matchAll(CITED)) expect(sent.has(moment)).toBe(true);
  });

  it("answers 'The video does not cover this.' when the model says so", async () => {
    const response = await ask('What does the stock market say about chlorophyll prices today?');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ answer: NOT_COVERED_ANSWER, citations: [] });
  });

  describe('provider failures, none of them counted or stored', () => {
    let usedBefore: number;
    let storedBefore: number;
    beforeEach(async () => {
      usedBefore = (await user.user.get('/api/usage')).body.aiQuestions.used as number;
      storedBefore = await stored();
    });
    afterEach(async () => {
      expect((await user.user.get('/api/usage')).body.aiQuestions.used).toBe(usedBefore);
      expect(await stored()).toBe(storedBefore);
    });

    it('turns a rejected key into 502 with the sentence generation uses', async () => {
      fake.enqueue({ kind: 'error', status: 401 });
      const response = await ask('What does chlorophyll absorb?');
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        message: `The AI provider (${provider()}) rejected Lectern's API key.`,
      });
    });

    it('answers 504 when the provider does not answer in time', async () => {
      fake.enqueue(...Array.from({ length: 8 }, () => ({ kind: 'slow' as const, delayMs: 10_000 })));
      const response = await ask('What does chlorophyll absorb?');
      expect(response.status).toBe(504);
      expect(response.body).toEqual({ message: `The AI provider (${provider()}) did not answer in time.` });
    }, 30_000);
  });
});
