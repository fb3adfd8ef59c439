import type { User } from '@lectern/contracts';
import {
  accountOn,
  AiWorkerStandIn,
  HeldJobs,
  refusalOf,
  startTestGateway,
  type TestGateway,
} from '../../test/support';
import { TooManyRequestsException } from '../http/too-many-requests';
import { JobAdmission, type WorkKind } from './job-admission';

// What a user may start, per kind of work: JOBS_IN_FLIGHT_FREE/PRO jobs at once and an hourly number of starts,
// kept in Redis. The work admitted here is a real job on the ai queue, answered by a queue worker on this
// gateway's Redis prefix; which queue the work uses does not matter to admission.

const IN_FLIGHT = { free: 2, pro: 3 };
const GENERATIONS_PER_HOUR = { free: 3, pro: 5 };
const BILLING_REQUESTS_PER_HOUR = 2;

describe('JobAdmission', () => {
  let gateway: TestGateway;
  let admission: JobAdmission;
  let ai: AiWorkerStandIn;

  const holding = async (jobs: HeldJobs, count: number) => {
    await jobs.holding(count);
    expect(jobs.held).toBe(count);
  };

  beforeAll(async () => {
    gateway = await startTestGateway({
      JOBS_IN_FLIGHT_FREE: String(IN_FLIGHT.free),
      JOBS_IN_FLIGHT_PRO: String(IN_FLIGHT.pro),
      GENERATIONS_PER_HOUR_FREE: String(GENERATIONS_PER_HOUR.free),
      GENERATIONS_PER_HOUR_PRO: String(GENERATIONS_PER_HOUR.pro),
      BILLING_REQUESTS_PER_HOUR: String(BILLING_REQUESTS_PER_HOUR),
    });
    admission = gateway.app.get(JobAdmission);
    ai = await AiWorkerStandIn.start(gateway);
  });
  afterAll(async () => {
    await ai.close();
    await gateway.close();
  });
  beforeEach(() => ai.reset());

  /** Admits one piece of work of `kind`: a real job, awaited for at most `timeoutMs`. */
  const start = (user: User, kind: WorkKind, timeoutMs = 10_000) =>
    admission.run(user, kind, timeoutMs, () => ai.request(user, timeoutMs));

  describe('jobs in flight', () => {
    it('lets a Free user run JOBS_IN_FLIGHT_FREE jobs of a kind at once, and answers the next 429 without starting it', async () => {
      const free = await accountOn(gateway, 'free');
      const jobs = ai.hold();
      const running = Promise.all([start(free, 'analysis'), start(free, 'analysis')]);
      await holding(jobs, IN_FLIGHT.free);

      expect(await refusalOf(start(free, 'analysis'))).toEqual({
        status: 429,
        message: 'You already have 2 video analyses in progress. Please wait for one to finish.',
      });
      expect(jobs.arrived).toBe(IN_FLIGHT.free);
      jobs.open();
      await running;
      // Both slots were given back.
      await Promise.all([start(free, 'analysis'), start(free, 'analysis')]);
    });

    it('counts slots per user and per kind of work', async () => {
      const free = await accountOn(gateway, 'free');
      const other = await accountOn(gateway, 'free');
      const jobs = ai.hold();
      const running = Promise.all([start(free, 'analysis'), start(free, 'analysis')]);
      await holding(jobs, IN_FLIGHT.free);

      const others = Promise.all([start(free, 'generation'), start(other, 'analysis')]);
      await holding(jobs, IN_FLIGHT.free + 2);
      jobs.open();
      await Promise.all([running, others]);
    });

    it.each([
      ['a Pro user', 'pro'],
      ['an admin', 'admin'],
    ] as const)('lets %s run JOBS_IN_FLIGHT_PRO jobs at once', async (_who, plan) => {
      const user = await accountOn(gateway, plan);
      const jobs = ai.hold();
      const running = Promise.all(Array.from({ length: IN_FLIGHT.pro }, () => start(user, 'generation')));
      await holding(jobs, IN_FLIGHT.pro);
      expect(await refusalOf(start(user, 'generation'))).toEqual({
        status: 429,
        message: 'You already have 3 AI generations in progress. Please wait for one to finish.',
      });
      jobs.open();
      await running;
    });

    it('gives the slot back when the job fails', async () => {
      const free = await accountOn(gateway, 'free');
      ai.failWith(422, 'This video has no captions.');
      for (let attempt = 0; attempt < IN_FLIGHT.free + 1; attempt += 1)
        expect(await refusalOf(start(free, 'analysis'))).toEqual({
          status: 422,
          message: 'This video has no captions.',
        });

      const jobs = ai.hold();
      const running = Promise.all([start(free, 'analysis'), start(free, 'analysis')]);
      await holding(jobs, IN_FLIGHT.free);
      jobs.open();
      await running;
    });

    it('gives the slot back when the request times out, even while its job still runs', async () => {
      const free = await accountOn(gateway, 'free');
      const stuck = ai.hold();
      const timedOut = await Promise.all([
        refusalOf(start(free, 'analysis', 300)),
        refusalOf(start(free, 'analysis', 300)),
      ]);
      expect(timedOut).toEqual([
        { status: 504, message: 'Writing this content took too long.' },
        { status: 504, message: 'Writing this content took too long.' },
      ]);
      expect(stuck.held).toBe(IN_FLIGHT.free);

      const jobs = ai.hold();
      const running = Promise.all([start(free, 'analysis'), start(free, 'analysis')]);
      await holding(jobs, IN_FLIGHT.free);
      jobs.open();
      stuck.open();
      await running;
    });
  });

  describe('starts per hour', () => {
    it("refuses a Free user's start past the hour's allowance of its kind (429 with the wait), failures counted", async () => {
      const free = await accountOn(gateway, 'free');
      await start(free, 'generation');
      ai.failWith(502, 'The AI provider is not answering.');
      expect((await refusalOf(start(free, 'generation'))).status).toBe(502);
      ai.reset();
      await start(free, 'generation');

      const before = ai.jobs.length;
      const refused = await start(free, 'generation').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TooManyRequestsException);
      const refusal = refused as TooManyRequestsException;
      expect(refusal.message).toMatch(
        /^You have started 3 AI generations in the last hour, the most your plan allows\. Please try again in \d+ minutes?\.$/,
      );
      expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
      expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(ai.jobs.length).toBe(before);

      // Questions have the allowance of generations, counted apart; other users have their own.
      await start(free, 'question');
      await start(await accountOn(gateway, 'free'), 'generation');
    });

    it('gives Pro users their own hourly allowance', async () => {
      const pro = await accountOn(gateway, 'pro');
      for (let n = 0; n < GENERATIONS_PER_HOUR.pro; n += 1) await start(pro, 'generation');
      expect((await refusalOf(start(pro, 'generation'))).message).toMatch(
        /^You have started 5 AI generations in the last hour, the most your plan allows\./,
      );
    });

    it('allows billing requests the same number an hour on every plan', async () => {
      for (const plan of ['free', 'pro'] as const) {
        const user = await accountOn(gateway, plan);
        for (let n = 0; n < BILLING_REQUESTS_PER_HOUR; n += 1) await start(user, 'billing');
        expect(await refusalOf(start(user, 'billing'))).toEqual({
          status: 429,
          message: expect.stringMatching(
            /^You have started 2 billing requests in the last hour, the most Lectern allows\. Please try again in \d+ minutes?\.$/,
          ) as string,
        });
      }
    });
  });
});
