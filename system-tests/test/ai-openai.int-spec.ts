import {
  FEATURE_TYPES,
  SUMMARY_LENGTHS,
  type AiContentItem,
  type FeatureType,
  type SummaryLength,
} from '@lectern/contracts';
import type { FakeOpenAi } from '@lectern/fakes/openai';
import { expectOneMapReduce } from '../../services/ai/test/support/expect-map-reduce';
import {
  FAKE_OPENAI_KEY,
  FAKE_OPENAI_MODEL,
  startAiStack,
  storedItemCount,
  userWithVideo,
  type AiStack,
} from './support/ai-fixtures';

const CASES: Array<[FeatureType, SummaryLength | null]> = FEATURE_TYPES.flatMap(
  (feature): Array<[FeatureType, SummaryLength | null]> =>
    feature === 'summary' ? SUMMARY_LENGTHS.map((length) => [feature, length]) : [[feature, null]],
);
const AI_TIMEOUT_MS = 2_000;

describe('AI content through an OpenAI-compatible provider', () => {
  let stack: AiStack;
  let fake: FakeOpenAi;
  let pro: Awaited<ReturnType<typeof userWithVideo>>;
  // Messages name the kind of provider, never OPENAI_BASE_URL's address.
  const provider = () => 'OpenAI-compatible server';
  const generate = (body: Record<string, unknown>) =>
    pro.user.post('/api/ai/generate').send({ videoId: pro.videoId, regenerate: true, ...body });

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'openai', ai: { aiTimeoutMs: AI_TIMEOUT_MS } });
    fake = stack.openAi!;
    pro = await userWithVideo(stack, { plan: 'pro', youtubeId: 'phtsynth101' });
  });
  afterAll(() => stack.close());
  beforeEach(() => fake.reset());

  it.each(CASES)(
    'writes %s (%s) from one request with the timestamped transcript',
    async (feature, length) => {
      const response = await generate({ type: feature, ...(length ? { summaryLength: length } : {}) });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        featureType: feature,
        summaryLength: length,
        engine: 'openai',
        model: FAKE_OPENAI_MODEL,
      });
      expect(response.body.outputText.length).toBeGreaterThan(20);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({
        model: FAKE_OPENAI_MODEL,
        kind: 'direct',
        feature,
        summaryLength: length,
        problem: null,
        status: 200,
      });
      expect(fake.requests[0]?.messages[1]?.content).toMatch(/^\[0:\d{2}\] \S/m);
    },
  );

  it('answers every stored item, newest of each kind, as the provider wrote them', async () => {
    const content = (await pro.user.get(`/api/ai/content/${pro.videoId}`)).body as AiContentItem[];
    expect(content.map((item) => [item.featureType, item.summaryLength])).toEqual(CASES);
    for (const item of content) expect(item).toMatchObject({ engine: 'openai', model: FAKE_OPENAI_MODEL });
    expect(fake.requests).toHaveLength(0);
  });

  it('retries a 429 after the retry-after the provider asked for', async () => {
    fake.enqueue({ kind: 'error', status: 429, retryAfterSeconds: 1 });
    const response = await generate({ type: 'insights' });
    expect(response.status).toBe(200);
    expect(fake.requests.map((request) => request.status)).toEqual([429, 200]);
  });

  describe('failures, none of them counted or stored', () => {
    let usedBefore: number;
    let storedBefore: number;
    beforeEach(async () => {
      usedBefore = (await pro.user.get('/api/usage')).body.aiGenerations.used as number;
      storedBefore = await storedItemCount(stack, pro.videoId);
    });
    afterEach(async () => {
      expect((await pro.user.get('/api/usage')).body.aiGenerations.used).toBe(usedBefore);
      expect(await storedItemCount(stack, pro.videoId)).toBe(storedBefore);
    });

    it('never retries a 400: 502 naming the provider', async () => {
      fake.enqueue({ kind: 'error', status: 400, message: 'Invalid request.' });
      const response = await generate({ type: 'blog' });
      expect(response.status).toBe(502);
      expect(response.body.message).toContain(`The AI provider (${provider()}) rejected the request (400)`);
      expect(fake.requests).toHaveLength(1);
    });

    it('turns a rejected key into 502 naming the provider, never the key', async () => {
      const echoed = 'sk-wrong-key-7d3e9f1a2b';
      fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${echoed}.` });
      const response = await generate({ type: 'summary', summaryLength: 'micro' });
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(`The AI provider (${provider()}) rejected Lectern's API key.`);
      expect(JSON.stringify(response.body)).not.toContain(echoed);
      expect(JSON.stringify(response.body)).not.toContain(FAKE_OPENAI_KEY);
      expect(JSON.stringify(response.body)).not.toContain('sk-');
      expect(fake.requests).toHaveLength(1);
    });

    it('answers 504 when the provider does not answer in time', async () => {
      fake.enqueue(...Array.from({ length: 8 }, () => ({ kind: 'slow' as const, delayMs: 10_000 })));
      const response = await generate({ type: 'flashcards' });
      expect(response.status).toBe(504);
      expect(response.body.message).toBe(`The AI provider (${provider()}) did not answer in time.`);
    }, 30_000);

    it('answers 502 when the provider stays down, after retrying', async () => {
      fake.enqueue(...Array.from({ length: 8 }, () => ({ kind: 'error' as const, status: 503 })));
      const response = await generate({ type: 'action_plan' });
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(`The AI provider (${provider()}) is unavailable (503).`);
      expect(fake.requests.length).toBeGreaterThanOrEqual(3);
      expect(fake.requests.every((request) => request.status === 503)).toBe(true);
    }, 30_000);
  });

  it('writes a ten-hour lecture through map-reduce: several chunk requests, then one final request', async () => {
    const marathon = await userWithVideo(stack, { plan: 'pro', youtubeId: 'tenHourLong' });
    fake.reset();
    const response = await marathon.user
      .post('/api/ai/generate')
      .send({ videoId: marathon.videoId, type: 'summary', summaryLength: 'detailed', regenerate: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      featureType: 'summary',
      summaryLength: 'detailed',
      engine: 'openai',
    });

    const maps = expectOneMapReduce(fake.requests, 'summary', 'detailed');
    expect(fake.requests.every((request) => request.status === 200)).toBe(true);
    // The last chunk carries the tenth hour's timestamps, written as YouTube writes them (9:05:00).
    expect(maps.some((request) => /^\[9:\d{2}:\d{2}\] /m.test(request.messages[1]?.content ?? ''))).toBe(
      true,
    );
  }, 60_000);
});
