import { randomUUID } from 'node:crypto';
import type { User } from '@lectern/contracts';
import type { Db, UsageKind } from '@lectern/db';
import {
  accountOn,
  AiWorkerStandIn,
  failing,
  gatewayDb,
  MetricsService,
  outcomeOf,
  recordUses,
  refusalOf,
  reservationsOf,
  startTestGateway,
  type TestGateway,
} from '../../test/support';
import { usageMonth, UsageService } from './usage.service';

// The Free plan's monthly limits (5 transcripts, 10 AI generations, 5 questions per calendar month in UTC; Pro
// and admins unlimited; a failed job never counts), over a real gateway, PostgreSQL, Redis and an ai queue worker.
// The per-user job limits are raised so that only the monthly limits refuse here (job-admission.int-spec.ts).

const GENERATION_REFUSAL =
  'You have used all 10 AI generations of the Free plan this month. Upgrade to Pro for unlimited generations.';
const TRANSCRIPT_REFUSAL =
  'You have used all 5 transcripts of the Free plan this month. Upgrade to Pro for unlimited transcripts.';

describe('UsageService', () => {
  let gateway: TestGateway;
  let db: Db;
  let usage: UsageService;
  let ai: AiWorkerStandIn;

  beforeAll(async () => {
    gateway = await startTestGateway({
      JOBS_IN_FLIGHT_FREE: '100',
      JOBS_IN_FLIGHT_PRO: '100',
      GENERATIONS_PER_HOUR_FREE: '1000',
      GENERATIONS_PER_HOUR_PRO: '1000',
    });
    db = gatewayDb(gateway);
    usage = gateway.app.get(UsageService);
    ai = await AiWorkerStandIn.start(gateway);
  });
  afterAll(async () => {
    await ai.close();
    await gateway.close();
  });
  beforeEach(() => ai.reset());

  /** One AI generation as a counted action: a real job on the ai queue; its result counted unless told not. */
  function generation(user: User, options: { subject?: string; counts?: () => boolean } = {}) {
    return usage.runCounted(user, 'ai_generation', {
      startsJob: true,
      job: () => ai.request(user),
      jobTimeoutMs: 10_000,
      subject: options.subject,
      record: (_db, result) =>
        Promise.resolve({ value: result, counted: (options.counts?.() ?? true) ? randomUUID() : null }),
    });
  }

  /** A result at hand (a cached transcript): no job. */
  const atHand = (user: User, kind: UsageKind = 'transcript') =>
    usage.runCounted(user, kind, {
      startsJob: false,
      job: () => Promise.resolve('at hand'),
      jobTimeoutMs: 10_000,
      record: (_db, value) => Promise.resolve({ value, counted: randomUUID() }),
    });

  it("counts a Free user's use when its job succeeds and its result is recorded, and not when nothing new was made", async () => {
    const free = await accountOn(gateway, 'free');
    await generation(free);
    await generation(free, { counts: () => false });
    expect((await usage.stats(free)).aiGenerations).toEqual({ used: 1, limit: 10 });
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it('refuses the Free plan past its monthly limit of a kind (402) before any job starts, each kind counted apart', async () => {
    const free = await accountOn(gateway, 'free');
    for (let use = 0; use < 10; use += 1) await generation(free);
    const before = ai.jobs.length;
    expect(await refusalOf(generation(free))).toEqual({ status: 402, message: GENERATION_REFUSAL });
    expect(ai.jobs.length).toBe(before);

    for (let use = 0; use < 5; use += 1) await atHand(free);
    expect(await refusalOf(atHand(free))).toEqual({ status: 402, message: TRANSCRIPT_REFUSAL });
    await recordUses(db, free.id, 'ai_question', 5);
    expect(await refusalOf(atHand(free, 'ai_question'))).toEqual({
      status: 402,
      message:
        'You have used all 5 questions of the Free plan this month. Upgrade to Pro for unlimited questions.',
    });
    expect(await usage.stats(free)).toMatchObject({
      videosAnalyzed: { used: 5, limit: 5 },
      aiGenerations: { used: 10, limit: 10 },
      aiQuestions: { used: 5, limit: 5 },
    });
  });

  it('holds a reservation while the job runs, and gives it back when the job fails: a failed job counts nothing', async () => {
    const free = await accountOn(gateway, 'free');
    const held = ai.hold(failing(502, 'The AI provider is not answering.'));
    const failed = refusalOf(generation(free));
    await held.holding(1);
    expect(await reservationsOf(db, free.id)).toBe(1);
    held.open();
    expect(await failed).toEqual({ status: 502, message: 'The AI provider is not answering.' });
    expect(await reservationsOf(db, free.id)).toBe(0);
    expect((await usage.stats(free)).aiGenerations.used).toBe(0);
  });

  it('never runs more jobs than uses left, however many requests arrive at once (the user row lock)', async () => {
    const free = await accountOn(gateway, 'free');
    await recordUses(db, free.id, 'ai_generation', 7);
    const held = ai.hold();
    const outcomes = Promise.all(Array.from({ length: 20 }, () => outcomeOf(generation(free))));
    await held.holding(3);
    held.open();
    const answers = await outcomes;
    expect(answers.filter((outcome) => outcome === 'answered')).toHaveLength(3);
    expect(answers.filter((outcome) => outcome !== 'answered')).toEqual(
      Array.from({ length: 17 }, () => ({ status: 402, message: GENERATION_REFUSAL })),
    );
    expect(held.arrived).toBe(3);
    expect((await usage.stats(free)).aiGenerations.used).toBe(10);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it('lets requests for the same subject share one reservation: one use for both', async () => {
    const free = await accountOn(gateway, 'free');
    await recordUses(db, free.id, 'ai_generation', 9);
    const held = ai.hold();
    let stored = false;
    const storedOnce = () => !stored && (stored = true);
    const both = Promise.all([
      generation(free, { subject: 'video:same', counts: storedOnce }),
      generation(free, { subject: 'video:same', counts: storedOnce }),
    ]);
    await held.holding(2);
    expect(await reservationsOf(db, free.id)).toBe(1);
    // The last use is held for that subject: another subject is refused meanwhile.
    expect((await refusalOf(generation(free, { subject: 'video:other' }))).status).toBe(402);
    held.open();
    await both;
    expect((await usage.stats(free)).aiGenerations.used).toBe(10);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it('stops counting a reservation once its job could no longer be running (its gateway crashed)', async () => {
    const free = await accountOn(gateway, 'free');
    const reserve = (expiresIn: string) =>
      db.query(
        `INSERT INTO usage_reservations (user_id, kind, subject_key, expires_at)
         SELECT $1, 'ai_generation', gen_random_uuid()::text, now() + $2::interval FROM generate_series(1, 10)`,
        [free.id, expiresIn],
      );
    await reserve('10 minutes');
    expect((await refusalOf(generation(free))).status).toBe(402);
    await db.query(
      "UPDATE usage_reservations SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [free.id],
    );
    await generation(free);
    expect((await usage.stats(free)).aiGenerations.used).toBe(1);
    expect(await reservationsOf(db, free.id)).toBe(0);
  });

  it.each([
    ['a Pro user', 'pro'],
    ['an admin', 'admin'],
  ] as const)(
    'never limits %s, reserves nothing for them, and still records their uses',
    async (_who, plan) => {
      const unlimited = await accountOn(gateway, plan);
      await recordUses(db, unlimited.id, 'ai_generation', 10);
      await recordUses(db, unlimited.id, 'transcript', 5);
      const held = ai.hold();
      const running = Promise.all([generation(unlimited), generation(unlimited)]);
      await held.holding(2);
      expect(await reservationsOf(db, unlimited.id)).toBe(0);
      held.open();
      await running;
      await atHand(unlimited);
      expect(await usage.stats(unlimited)).toMatchObject({
        videosAnalyzed: { used: 6, limit: null },
        aiGenerations: { used: 12, limit: null },
        aiQuestions: { used: 0, limit: null },
      });
    },
  );

  describe('the month a use counts in', () => {
    // Only the clock the usage month is read from is moved; timers run as usual.
    const atTime = (iso: string) =>
      jest
        .useFakeTimers({
          doNotFake: [
            'hrtime',
            'nextTick',
            'performance',
            'queueMicrotask',
            'setImmediate',
            'clearImmediate',
            'setInterval',
            'clearInterval',
            'setTimeout',
            'clearTimeout',
          ],
        })
        .setSystemTime(new Date(iso));
    afterEach(() => jest.useRealTimers());

    it('is the calendar month in UTC', () => {
      expect(usageMonth(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
      expect(usageMonth(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
      // Evening of 30 November in New York is already December in UTC.
      expect(usageMonth(new Date('2026-11-30T20:30:00-05:00'))).toBe('2026-12');
    });

    it("gives a Free user the whole month's limit again on the first of the month, UTC", async () => {
      const free = await accountOn(gateway, 'free');
      atTime('2026-11-30T23:59:59Z');
      for (let use = 0; use < 5; use += 1) await atHand(free);
      expect((await refusalOf(atHand(free))).status).toBe(402);

      atTime('2026-12-01T00:00:00Z');
      expect(await usage.stats(free)).toMatchObject({
        month: '2026-12',
        videosAnalyzed: { used: 0, limit: 5 },
      });
      await atHand(free);
      expect((await usage.stats(free)).videosAnalyzed.used).toBe(1);
      const months = await db.query<{ month: string; n: string }>(
        'SELECT month, count(*) AS n FROM usage_events WHERE user_id = $1 GROUP BY month ORDER BY month',
        [free.id],
      );
      expect(months.rows).toEqual([
        { month: '2026-11', n: '5' },
        { month: '2026-12', n: '1' },
      ]);
    });
  });
  describe("requirePro (the Pro plan's gate)", () => {
    const gateRefusals = async (gate: string): Promise<number> => {
      const metric = gateway.app
        .get(MetricsService)
        .registry.getSingleMetric('lectern_plan_gate_refusals_total');
      const values = (await metric?.get())?.values ?? [];
      return values.find((value) => value.labels.kind === gate)?.value ?? 0;
    };

    it('refuses a Free user with 403 and the message, counting the refusal under its gate; Pro and admins pass', async () => {
      const before = await gateRefusals('export:pdf');
      const free = await accountOn(gateway, 'free');
      let refused: unknown;
      try {
        usage.requirePro(free, 'export:pdf', 'PDF export is part of the Pro plan.');
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({ status: 403, message: 'PDF export is part of the Pro plan.' });
      expect(await gateRefusals('export:pdf')).toBe(before + 1);

      expect(() => usage.requirePro({ plan: 'pro', role: 'user' }, 'export:pdf', 'no')).not.toThrow();
      expect(() => usage.requirePro({ plan: 'free', role: 'admin' }, 'export:pdf', 'no')).not.toThrow();
      expect(await gateRefusals('export:pdf')).toBe(before + 1);
    });
  });
});
