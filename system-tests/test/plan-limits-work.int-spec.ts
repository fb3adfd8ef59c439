import type { FakeOpenAi } from '@lectern/fakes/openai';
import { signedInBrowser, watchUrl } from './support/library-fixtures';
import { sql, startAiStack, storedItemCount, userWithVideo, type AiStack } from './support/ai-fixtures';
import { eventually } from './support/test-workers';
import { MetricsService } from '../../services/gateway/test/support';

const missingId = (n: number) => `gone${String(n).padStart(7, '0')}`;

// Over the real gateway, workers, PostgreSQL and Redis with the default per-user limits (Free: 2 jobs in flight,
// 30 analyses and 30 generations an hour), the AI provider and YouTube faked at their HTTP boundary.
describe('plan limits cap the work started, not only what is saved', () => {
  let stack: AiStack;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'openai', ai: { aiTimeoutMs: 10_000 } });
    fake = stack.openAi!;
  });
  afterAll(() => stack.close());
  beforeEach(() => fake.reset());

  const summary = (user: Awaited<ReturnType<typeof userWithVideo>>) =>
    user.user
      .post('/api/ai/generate')
      .send({ videoId: user.videoId, type: 'summary', summaryLength: 'micro', regenerate: true });
  const refusalsCounted = async (kind: string, reason: string) => {
    const text = await stack.gateway.app.get(MetricsService).registry.metrics();
    const line = new RegExp(
      `^lectern_job_admission_refusals_total\\{kind="${kind}",reason="${reason}"\\} (\\d+)$`,
      'm',
    );
    return Number(line.exec(text)?.[1] ?? 0);
  };
  const usedGenerations = async (user: Awaited<ReturnType<typeof userWithVideo>>) =>
    ((await user.user.get('/api/usage')).body as { aiGenerations: { used: number } }).aiGenerations.used;
  const reservations = async (userId: string) =>
    Number(
      (
        await sql<{ n: string }>(stack, 'SELECT count(*) AS n FROM usage_reservations WHERE user_id = $1', [
          userId,
        ])
      )[0]!.n,
    );

  it('50 parallel generations by a Free user with 10 left reach the AI provider at most 10 times', async () => {
    const free = await userWithVideo(stack);
    const responses = await Promise.all(Array.from({ length: 50 }, () => summary(free)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => ![200, 402, 429].includes(status))).toEqual([]);
    for (const response of responses)
      expect(typeof response.body.message === 'string' || response.ok).toBe(true);

    const answered = statuses.filter((status) => status === 200).length;
    expect(fake.requests.length).toBeLessThanOrEqual(10);
    expect(fake.requests).toHaveLength(answered);
    expect(await usedGenerations(free)).toBe(answered);
    expect(await storedItemCount(stack, free.videoId)).toBe(answered);

    // Nothing was held back: the rest of the month's uses are all there, one job each, and no more.
    for (let left = 10 - answered; left > 0; left -= 1) expect((await summary(free)).status).toBe(200);
    expect((await summary(free)).status).toBe(402);
    expect(fake.requests).toHaveLength(10);
    expect(await usedGenerations(free)).toBe(10);
    expect(await reservations(free.user.userId)).toBe(0);
  }, 120_000);

  it('never counts a failed generation, and gives its reservation back', async () => {
    const free = await userWithVideo(stack);
    // A rejected key is a permanent failure: one provider request each, answered 502.
    fake.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 401 })));
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await summary(free)).status).toBe(502);
    expect(await usedGenerations(free)).toBe(0);
    expect(await reservations(free.user.userId)).toBe(0);

    for (let use = 0; use < 10; use += 1) expect((await summary(free)).status).toBe(200);
    const eleventh = await summary(free);
    expect(eleventh.status).toBe(402);
    expect(eleventh.body.message).toMatch(/10 AI generations/);
    expect(await usedGenerations(free)).toBe(10);
  }, 120_000);

  it('counts reservations of jobs still running, and stops counting one its crashed gateway left behind', async () => {
    const free = await userWithVideo(stack);
    const reserve = (count: number, expiresIn: string) =>
      sql(
        stack,
        `INSERT INTO usage_reservations (user_id, kind, subject_key, expires_at)
         SELECT $1, 'ai_generation', gen_random_uuid()::text, now() + $2::interval FROM generate_series(1, $3)`,
        [free.user.userId, expiresIn, count],
      );
    await reserve(10, '10 minutes');
    const refused = await summary(free);
    expect(refused.status).toBe(402);
    expect(fake.requests).toHaveLength(0);

    await sql(
      stack,
      "UPDATE usage_reservations SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [free.user.userId],
    );
    expect((await summary(free)).status).toBe(200);
    expect(await usedGenerations(free)).toBe(1);
  });

  it("shares a Free user's last use between two requests for the same new video: one job, one use", async () => {
    const user = await signedInBrowser(stack.gateway, 'double-click');
    await sql(
      stack,
      `INSERT INTO usage_events (user_id, kind, month, subject_id)
       SELECT $1, 'transcript', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), gen_random_uuid()
         FROM generate_series(1, 4)`,
      [user.userId],
    );
    const [a, b] = await Promise.all([
      user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('noMetadata1') }),
      user.post('/api/transcripts/fetch').send({ youtubeUrl: 'noMetadata1' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect((await user.get('/api/usage')).body.videosAnalyzed).toEqual({ used: 5, limit: 5 });
    expect(await reservations(user.userId)).toBe(0);
  });

  it('answers 429 naming the work in progress when a Free user already has 2 generations running', async () => {
    const free = await userWithVideo(stack);
    fake.enqueue({ kind: 'slow', delayMs: 3000 }, { kind: 'slow', delayMs: 3000 });
    const running = [summary(free).then((r) => r), summary(free).then((r) => r)];
    await eventually(
      () => Promise.resolve(fake.requests.length),
      (count) => count >= 2,
    );

    const refusedBefore = await refusalsCounted('generation', 'in_flight');
    const third = await summary(free);
    expect(third.status).toBe(429);
    expect(await refusalsCounted('generation', 'in_flight')).toBe(refusedBefore + 1);
    expect(third.body).toEqual({
      message: 'You already have 2 AI generations in progress. Please wait for one to finish.',
    });
    expect(fake.requests).toHaveLength(2);

    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200]);
    expect((await summary(free)).status).toBe(200); // the slots were given back
    expect(await usedGenerations(free)).toBe(3);
  }, 60_000);

  it('50 analyses of missing videos by one user reach YouTube at most the hourly limit, then 429 with Retry-After', async () => {
    await userWithVideo(stack, { plan: 'pro', youtubeId: 'derivative1' }); // now in the shared cache
    const user = await signedInBrowser(stack.gateway, 'prober');
    const askedFor = () =>
      new Set(
        stack.youtube.requests.flatMap((request) => /gone\d{7}/.exec(decodeURIComponent(request.path)) ?? []),
      );
    const statuses: number[] = [];
    let refused: { status: number; headers: Record<string, string>; body: { message: string } } | undefined;
    // Two at a time, the Free plan's jobs in flight, so only the hourly limit refuses.
    for (let n = 0; n < 50; n += 2) {
      const pair = await Promise.all(
        [n, n + 1].map((i) =>
          user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(missingId(i)) }),
        ),
      );
      for (const response of pair) {
        statuses.push(response.status);
        if (response.status === 429) refused ??= response;
      }
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(30);
    expect(askedFor().size).toBe(30);

    expect(await refusalsCounted('analysis', 'hourly')).toBe(20);
    expect(refused?.body.message).toMatch(
      /^You have started 30 video analyses in the last hour, the most your plan allows\. Please try again in \d+ minutes?\.$/,
    );
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await user.get('/api/usage')).body.videosAnalyzed.used).toBe(0);

    // A video already in the shared cache starts no job: still allowed, and counted, within the monthly limit.
    const cached = await user.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl('derivative1') });
    expect(cached.status).toBe(200);
    expect((await user.get('/api/usage')).body.videosAnalyzed.used).toBe(1);
  }, 180_000);

  it('counts exports against the hourly limit too: the 61st of a Free user is 429 with Retry-After', async () => {
    const free = await userWithVideo(stack, { label: 'exporter' });
    const exportTxt = () => free.user.get(`/api/videos/${free.videoId}/export/txt`);
    for (let n = 0; n < 60; n += 1) expect((await exportTxt()).status).toBe(200);
    const refused = await exportTxt();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have started 60 exports in the last hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Downloading the whole account reads the whole library: it counts among the exports.
    const account = await free.user.get('/api/auth/me/export');
    expect(account.status).toBe(429);
    expect(Number(account.headers['retry-after'])).toBeGreaterThan(0);
  }, 180_000);
});
