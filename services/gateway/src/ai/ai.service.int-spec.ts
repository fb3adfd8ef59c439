import type { FeatureType, SummaryLength, User } from '@lectern/contracts';
import { insertVideo, type Db } from '@lectern/db';
import {
  accountOn,
  AiWorkerStandIn,
  cacheTranscript,
  gatewayDb,
  recordUses,
  refusalOf,
  reservationsOf,
  startTestGateway,
  writtenAsAsked,
  type TestGateway,
} from '../../test/support';
import { UsageService } from '../usage/usage.service';
import { AiService, type GenerateCommand } from './ai.service';

// AI study material for a video in the user's library (POST /api/ai/generate, GET /api/ai/content/:videoId):
// the plan gate, stored items, counted generations and regenerations. The ai worker is stood in for by a queue
// worker on this gateway's Redis prefix that answers what was asked for, as the worker does.

const REGENERATIONS_PER_HOUR = 2;
const FOREIGN_ANSWER =
  'The AI content Lectern received was not made for your request, so it was not used. Please try again.';

describe('AiService', () => {
  let gateway: TestGateway;
  let db: Db;
  let ai: AiService;
  let usage: UsageService;
  let worker: AiWorkerStandIn;
  let videos = 0;
  let foreignTranscript: string;

  beforeAll(async () => {
    gateway = await startTestGateway({ REGENERATIONS_PER_HOUR: String(REGENERATIONS_PER_HOUR) });
    db = gatewayDb(gateway);
    ai = gateway.app.get(AiService);
    usage = gateway.app.get(UsageService);
    foreignTranscript = await cacheTranscript(db, 'foreignAi01');
    worker = await AiWorkerStandIn.start(gateway);
  });
  afterAll(async () => {
    await worker.close();
    await gateway.close();
  });
  beforeEach(() => worker.reset());

  /** A user on a plan with one video in their library. */
  async function userWithVideo(plan: 'free' | 'pro' | 'admin' = 'free') {
    const user = await accountOn(gateway, plan);
    videos += 1;
    const youtubeId = `aiLecture${String(videos).padStart(2, '0')}`;
    const transcriptId = await cacheTranscript(db, youtubeId);
    const videoId = await insertVideo(db, { userId: user.id, transcriptId, youtubeId });
    return { user, videoId, transcriptId, youtubeId };
  }

  const asked = (
    videoId: string,
    feature: FeatureType = 'summary',
    options: { summaryLength?: SummaryLength; regenerate?: boolean } = {},
  ): GenerateCommand => ({
    videoId,
    feature,
    summaryLength: feature === 'summary' ? (options.summaryLength ?? 'short') : null,
    regenerate: options.regenerate ?? false,
  });
  const generationsUsed = async (user: User) => (await usage.stats(user)).aiGenerations.used;
  const storedItems = async (videoId: string) =>
    (await db.query('SELECT 1 FROM ai_content WHERE video_id = $1', [videoId])).rows.length;

  describe('the plan gate', () => {
    it.each([
      ['insights', 'Key insights'],
      ['flashcards', 'Flashcards'],
      ['cornell_notes', 'Cornell notes'],
      ['outline', 'Outlines and mind maps'],
      ['tweet', 'Tweet threads'],
      ['blog', 'Blog posts'],
      ['action_plan', 'Action plans'],
    ] as const)(
      'refuses %s to a Free user 403, naming the Pro plan, and starts no job',
      async (feature, label) => {
        const { user, videoId } = await userWithVideo('free');
        const before = worker.jobs.length;
        expect(await refusalOf(ai.generate(user, asked(videoId, feature)))).toEqual({
          status: 403,
          message: `${label} are part of the Pro plan. Upgrade to Pro to generate them.`,
        });
        expect(worker.jobs.length).toBe(before);
        expect(await storedItems(videoId)).toBe(0);
        expect(await generationsUsed(user)).toBe(0);
      },
    );

    it.each([
      ['a Pro user', 'pro'],
      ['an admin', 'admin'],
    ] as const)('lets %s generate Pro features', async (_who, plan) => {
      const { user, videoId } = await userWithVideo(plan);
      expect(await ai.generate(user, asked(videoId, 'insights'))).toMatchObject({ featureType: 'insights' });
      expect(await ai.generate(user, asked(videoId, 'action_plan'))).toMatchObject({
        featureType: 'action_plan',
      });
    });
  });

  it("answers another user's video, a missing one and a malformed id 404, as if none existed", async () => {
    const owner = await userWithVideo('pro');
    const { user } = await userWithVideo('pro');
    const before = worker.jobs.length;
    for (const videoId of [owner.videoId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await refusalOf(ai.generate(user, asked(videoId)))).toEqual({
        status: 404,
        message: 'Video not found.',
      });
      expect(await refusalOf(ai.list(user.id, videoId))).toEqual({
        status: 404,
        message: 'Video not found.',
      });
    }
    expect(worker.jobs.length).toBe(before);
  });

  it("has the ai worker write a new item from the video's transcript, stores it and counts one generation", async () => {
    const { user, videoId, transcriptId, youtubeId } = await userWithVideo('free');
    const item = await ai.generate(user, asked(videoId, 'summary', { summaryLength: 'detailed' }));
    expect(worker.jobs.at(-1)).toEqual({
      transcriptId,
      feature: 'summary',
      summaryLength: 'detailed',
      title: `Lecture ${youtubeId}`,
    });
    expect(item).toMatchObject({
      videoId,
      featureType: 'summary',
      summaryLength: 'detailed',
      outputText: `## summary\nWritten for Lecture ${youtubeId}.`,
      engine: 'offline',
      model: 'offline',
    });
    expect(await ai.list(user.id, videoId)).toEqual([item]);
    expect(await generationsUsed(user)).toBe(1);
  });

  it('answers a stored item without a job and without counting, even when the month is used up', async () => {
    const { user, videoId } = await userWithVideo('free');
    const stored = await ai.generate(user, asked(videoId));
    await recordUses(db, user.id, 'ai_generation', 9);
    const before = worker.jobs.length;
    expect(await ai.generate(user, asked(videoId))).toEqual(stored);
    await ai.list(user.id, videoId);
    expect(worker.jobs.length).toBe(before);
    expect(await generationsUsed(user)).toBe(10);

    // Another length of summary is another item: a new generation, refused past the limit.
    expect(await refusalOf(ai.generate(user, asked(videoId, 'summary', { summaryLength: 'micro' })))).toEqual(
      {
        status: 402,
        message:
          'You have used all 10 AI generations of the Free plan this month. Upgrade to Pro for unlimited generations.',
      },
    );
    expect(worker.jobs.length).toBe(before);
  });

  it('keeps nothing and counts nothing when the job fails, and answers its status', async () => {
    const { user, videoId } = await userWithVideo('free');
    worker.failWith(502, 'The AI provider is not answering.');
    expect(await refusalOf(ai.generate(user, asked(videoId)))).toEqual({
      status: 502,
      message: 'The AI provider is not answering.',
    });
    expect(await storedItems(videoId)).toBe(0);
    expect(await generationsUsed(user)).toBe(0);
    expect(await reservationsOf(db, user.id)).toBe(0);
  });

  it.each([
    ['another transcript', () => ({ transcriptId: foreignTranscript })],
    ['another feature', () => ({ feature: 'blog' as const, summaryLength: null })],
    ['another length', () => ({ summaryLength: 'micro' as const })],
  ])('refuses an answer written for %s (403), storing and counting nothing', async (_what, tampered) => {
    const { user, videoId } = await userWithVideo('free');
    worker.write = (data) => Promise.resolve({ ...writtenAsAsked(data), ...tampered() });
    expect(await refusalOf(ai.generate(user, asked(videoId)))).toEqual({
      status: 403,
      message: FOREIGN_ANSWER,
    });
    expect(await storedItems(videoId)).toBe(0);
    expect(await generationsUsed(user)).toBe(0);
  });

  it('stores nothing and counts nothing when the video is deleted while its item is written (404)', async () => {
    const { user, videoId } = await userWithVideo('free');
    const held = worker.hold();
    const writing = refusalOf(ai.generate(user, asked(videoId)));
    await held.holding(1);
    await db.query('DELETE FROM videos WHERE id = $1', [videoId]);
    held.open();
    expect(await writing).toEqual({ status: 404, message: 'Video not found.' });
    expect(await storedItems(videoId)).toBe(0);
    expect(await generationsUsed(user)).toBe(0);
    expect(await reservationsOf(db, user.id)).toBe(0);
  });

  it('writes a stored item again when asked to, counting it, and at most REGENERATIONS_PER_HOUR times an hour', async () => {
    const { user, videoId } = await userWithVideo('free');
    // The first item of a kind is no regeneration, even when asked as one.
    const first = await ai.generate(user, asked(videoId, 'summary', { regenerate: true }));
    const again: string[] = [];
    for (let n = 0; n < REGENERATIONS_PER_HOUR; n += 1)
      again.push((await ai.generate(user, asked(videoId, 'summary', { regenerate: true }))).id);
    expect(new Set([first.id, ...again]).size).toBe(1 + REGENERATIONS_PER_HOUR);
    expect(await generationsUsed(user)).toBe(1 + REGENERATIONS_PER_HOUR);

    const before = worker.jobs.length;
    const over = await refusalOf(ai.generate(user, asked(videoId, 'summary', { regenerate: true })));
    expect(over.status).toBe(429);
    expect(over.message).toMatch(
      /^You have asked for 2 regenerations in the last hour, the most Lectern allows\. Please try again in \d+ minutes?\.$/,
    );
    expect(worker.jobs.length).toBe(before);
    // The newest is what is stored and read; another kind written for the first time is no regeneration.
    expect((await ai.generate(user, asked(videoId))).id).toBe(again.at(-1));
    await ai.generate(user, asked(videoId, 'summary', { summaryLength: 'micro', regenerate: true }));
  });
});
