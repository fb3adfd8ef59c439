import type { AiContentItem } from '@lectern/contracts';
import { sql, startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';

// Regenerations (POST /api/ai/generate with `regenerate` of a kind already stored) count against
// REGENERATIONS_PER_HOUR, and a video keeps the newest 10 items of each kind, and the one its review cards were
// last synced with (docs/api.md, "AI content").

const REGENERATIONS_PER_HOUR = 11;
const KEPT_PER_KIND = 10;

describe('regenerations of AI content', () => {
  let stack: AiStack;

  beforeAll(async () => {
    stack = await startAiStack({
      engine: 'offline',
      gateway: { REGENERATIONS_PER_HOUR: String(REGENERATIONS_PER_HOUR) },
    });
  });
  afterAll(() => stack.close());

  const storedIds = async (videoId: string, feature: string) =>
    (
      await sql<{ id: string }>(
        stack,
        'SELECT id FROM ai_content WHERE video_id = $1 AND feature_type = $2 ORDER BY created_at, id',
        [videoId, feature],
      )
    ).map((row) => row.id);

  it('counts them per hour, and keeps the newest ten of a kind and the one review reads', async () => {
    const { user, videoId } = await userWithVideo(stack, { plan: 'pro' });
    const generate = (type: string, regenerate: boolean) =>
      user.post('/api/ai/generate').send({ videoId, type, regenerate });

    // The first one is no regeneration, even when asked as one.
    const first = await generate('flashcards', true);
    expect(first.status).toBe(200);
    const firstId = (first.body as AiContentItem).id;
    // Review syncs its cards with it: that generation stays while the cards are based on it.
    expect((await user.get('/api/review/due')).status).toBe(200);

    const ids = [firstId];
    for (let index = 0; index < REGENERATIONS_PER_HOUR; index += 1) {
      const again = await generate('flashcards', true);
      expect(again.status).toBe(200);
      ids.push((again.body as AiContentItem).id);
    }
    expect(await storedIds(videoId, 'flashcards')).toEqual([firstId, ...ids.slice(-KEPT_PER_KIND)]);

    const over = await generate('flashcards', true);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      new RegExp(
        `^You have asked for ${REGENERATIONS_PER_HOUR} regenerations in the last hour, the most Lectern allows\\. ` +
          'Please try again in \\d+ minutes?\\.$',
      ),
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Reading what is stored, and writing a kind for the first time, are no regenerations.
    expect((await generate('flashcards', false)).body.id).toBe(ids.at(-1));
    expect((await generate('insights', true)).status).toBe(200);
  });
});
