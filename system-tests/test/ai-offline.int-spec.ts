import {
  FEATURE_TYPES,
  SUMMARY_LENGTHS,
  type AiContentItem,
  type FeatureType,
  type SummaryLength,
} from '@lectern/contracts';
import { parseFlashcards, OFFLINE_MODEL } from '@lectern/offline-engine';
import { expectFeatureShape } from '../../services/ai/test/support/expect-feature-shape';
import { sql, startAiStack, storedItemCount, userWithVideo, type AiStack } from './support/ai-fixtures';
import { AI_GENERATE_TIMEOUT_MS } from '../../services/gateway/test/support';

const CASES: Array<[FeatureType, SummaryLength | null]> = FEATURE_TYPES.flatMap(
  (feature): Array<[FeatureType, SummaryLength | null]> =>
    feature === 'summary' ? SUMMARY_LENGTHS.map((length) => [feature, length]) : [[feature, null]],
);
const PRO_FEATURES = FEATURE_TYPES.filter((feature) => feature !== 'summary');

describe('AI content with the offline engine', () => {
  let stack: AiStack;

  beforeAll(async () => {
    // Enough job slots for the races below to be decided by the monthly limit, not by the slots.
    stack = await startAiStack({ engine: 'offline', gateway: { JOBS_IN_FLIGHT_FREE: '20' } });
  });
  afterAll(() => stack.close());

  describe('every feature for a Pro user', () => {
    let pro: Awaited<ReturnType<typeof userWithVideo>>;
    beforeAll(async () => {
      pro = await userWithVideo(stack, { plan: 'pro' });
    });

    it.each(CASES)('writes %s (%s), stores it and records the engine', async (feature, length) => {
      const response = await pro.user.post('/api/ai/generate').send({
        videoId: pro.videoId,
        type: feature,
        ...(length ? { summaryLength: length } : {}),
        regenerate: false,
      });
      expect(response.status).toBe(200);
      const item = response.body as AiContentItem;
      expect(item).toMatchObject({
        id: expect.any(String),
        videoId: pro.videoId,
        featureType: feature,
        summaryLength: length,
        engine: 'offline',
        model: OFFLINE_MODEL,
        createdAt: expect.any(String),
      });
      expectFeatureShape(feature, length, item.outputText);
    });

    it('answers the newest item of each kind, one per feature and per summary length', async () => {
      const content = await pro.user.get(`/api/ai/content/${pro.videoId}`);
      expect(content.status).toBe(200);
      const items = content.body as AiContentItem[];
      expect(items.map((item) => [item.featureType, item.summaryLength])).toEqual(CASES);
      for (const item of items) expect(item.outputText.length).toBeGreaterThan(20);
      // Pro is unlimited; every generation is still recorded.
      expect((await pro.user.get('/api/usage')).body.aiGenerations).toEqual({
        used: CASES.length,
        limit: null,
      });
    });
  });

  it('answers a stored item without generating or counting; regenerating replaces what is shown', async () => {
    const { user, videoId } = await userWithVideo(stack);
    const ask = (regenerate: boolean) =>
      user.post('/api/ai/generate').send({ videoId, type: 'summary', summaryLength: 'detailed', regenerate });

    const first = await ask(false);
    expect(first.status).toBe(200);
    expect((await user.get('/api/usage')).body.aiGenerations).toEqual({ used: 1, limit: 10 });

    const stored = await ask(false);
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(first.body);
    expect((await user.get('/api/usage')).body.aiGenerations.used).toBe(1);
    expect(await storedItemCount(stack, videoId)).toBe(1);

    const regenerated = await ask(true);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.id).not.toBe(first.body.id);
    expect(Date.parse(regenerated.body.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.body.createdAt));
    expect((await user.get('/api/usage')).body.aiGenerations.used).toBe(2);

    const content = (await user.get(`/api/ai/content/${videoId}`)).body as AiContentItem[];
    expect(content).toHaveLength(1);
    expect(content[0]).toEqual(regenerated.body);
    // Asking again without regenerating answers the newest.
    expect((await ask(false)).body.id).toBe(regenerated.body.id);
  });

  it('writes a short summary when no length is given, and ignores a length sent with another feature', async () => {
    const { user, videoId } = await userWithVideo(stack, { plan: 'admin' });
    const summary = await user.post('/api/ai/generate').send({ videoId, type: 'summary', regenerate: false });
    expect(summary.status).toBe(200);
    expect(summary.body.summaryLength).toBe('short');

    const blog = await user
      .post('/api/ai/generate')
      .send({ videoId, type: 'blog', summaryLength: 'micro', regenerate: false });
    expect(blog.status).toBe(200);
    expect(blog.body).toMatchObject({ featureType: 'blog', summaryLength: null });
  });

  it(
    'writes flashcards for a ten-hour lecture well within the job timeout',
    async () => {
      const { user, videoId } = await userWithVideo(stack, { plan: 'pro', youtubeId: 'tenHourLong' });
      const started = Date.now();
      const response = await user.post('/api/ai/generate').send({ videoId, type: 'flashcards' });
      expect(response.status).toBe(200);
      expect(parseFlashcards(response.body.outputText).length).toBeGreaterThanOrEqual(10);
      // A tenth of the timeout is a wide margin on any machine; the engine's own times are `npm run bench` figures.
      expect(Date.now() - started).toBeLessThan(AI_GENERATE_TIMEOUT_MS / 10);
    },
    AI_GENERATE_TIMEOUT_MS / 5,
  );

  describe('the Free plan', () => {
    it.each(PRO_FEATURES)('refuses %s with 403 naming Pro, counting nothing', async (feature) => {
      const { user, videoId } = await userWithVideo(stack);
      const response = await user.post('/api/ai/generate').send({ videoId, type: feature, regenerate: true });
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/\bPro\b/);
      expect((await user.get('/api/usage')).body.aiGenerations).toEqual({ used: 0, limit: 10 });
      expect(await storedItemCount(stack, videoId)).toBe(0);
    });

    it('allows 10 generations a month, then answers 402 saying the limit and that Pro lifts it', async () => {
      const { user, videoId } = await userWithVideo(stack);
      for (let index = 0; index < 10; index += 1) {
        const response = await user
          .post('/api/ai/generate')
          .send({ videoId, type: 'summary', summaryLength: SUMMARY_LENGTHS[index % 3], regenerate: true });
        expect(response.status).toBe(200);
      }
      const eleventh = await user
        .post('/api/ai/generate')
        .send({ videoId, type: 'summary', summaryLength: 'micro', regenerate: true });
      expect(eleventh.status).toBe(402);
      expect(eleventh.body.message).toMatch(/10 AI generations/);
      expect(eleventh.body.message).toMatch(/Upgrade to Pro/);
      expect(await storedItemCount(stack, videoId)).toBe(10);
      expect((await user.get('/api/usage')).body.aiGenerations).toEqual({ used: 10, limit: 10 });

      // Reading stored content never counts, even at the limit.
      const stored = await user
        .post('/api/ai/generate')
        .send({ videoId, type: 'summary', summaryLength: 'micro', regenerate: false });
      expect(stored.status).toBe(200);
      expect((await user.get(`/api/ai/content/${videoId}`)).status).toBe(200);
    });

    it('never exceeds 10 generations when a dozen requests race', async () => {
      const { user, videoId } = await userWithVideo(stack);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          user
            .post('/api/ai/generate')
            .send({ videoId, type: 'summary', summaryLength: SUMMARY_LENGTHS[index % 3], regenerate: true }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array<number>(10).fill(200), 402, 402]);
      expect(await storedItemCount(stack, videoId)).toBe(10);
      expect((await user.get('/api/usage')).body.aiGenerations).toEqual({ used: 10, limit: 10 });
    });

    it('lifts the gates once the user is Pro', async () => {
      const { user, videoId } = await userWithVideo(stack);
      expect((await user.post('/api/ai/generate').send({ videoId, type: 'flashcards' })).status).toBe(403);
      await sql(stack, "UPDATE users SET plan = 'pro' WHERE id = $1", [user.userId]);
      const response = await user.post('/api/ai/generate').send({ videoId, type: 'flashcards' });
      expect(response.status).toBe(200);
      expect(parseFlashcards(response.body.outputText).length).toBeGreaterThanOrEqual(5);
    });
  });

  describe('access and input', () => {
    it("answers 404 for another user's video and for a missing one, on both routes", async () => {
      const owner = await userWithVideo(stack, { plan: 'pro', label: 'owner' });
      await owner.user.post('/api/ai/generate').send({ videoId: owner.videoId, type: 'summary' });
      const other = await userWithVideo(stack, { plan: 'pro', label: 'other' });

      for (const videoId of [owner.videoId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const read = await other.user.get(`/api/ai/content/${videoId}`);
        expect(read.status).toBe(404);
        expect(read.body).toEqual({ message: 'Video not found.' });
        const write = await other.user
          .post('/api/ai/generate')
          .send({ videoId, type: 'summary', regenerate: true });
        expect(write.status).toBe(404);
        expect(write.body).toEqual({ message: 'Video not found.' });
      }
      expect((await other.user.get('/api/usage')).body.aiGenerations.used).toBe(0);
      expect(await storedItemCount(stack, owner.videoId)).toBe(1);
    });

    it.each([
      [{ type: 'poem' }, /Unknown AI feature "poem"/],
      [{ type: 'summary', summaryLength: 'huge' }, /Unknown summary length "huge"/],
      [{ type: 42 }, /Unknown AI feature 42/],
      [{}, /A type is required: one of summary, insights/],
      [{ type: 'summary', regenerate: 'yes' }, /regenerate field must be true or false/],
    ])('answers 400 to %j', async (body, message) => {
      const { user, videoId } = await userWithVideo(stack, { plan: 'pro' });
      const response = await user.post('/api/ai/generate').send({ videoId, ...body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    it('answers 400 without a video id and 401 when signed out', async () => {
      const { user } = await userWithVideo(stack, { plan: 'pro' });
      const missing = await user.post('/api/ai/generate').send({ type: 'summary' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('A videoId is required.');
      const anonymous = stack.gateway.http();
      expect((await anonymous.post('/api/ai/generate').send({ type: 'summary' })).status).toBe(401);
    });

    it('starts with no content for a new video', async () => {
      const { user, videoId } = await userWithVideo(stack);
      const content = await user.get(`/api/ai/content/${videoId}`);
      expect(content.status).toBe(200);
      expect(content.body).toEqual([]);
    });
  });
});
