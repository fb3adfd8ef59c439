import { readdirSync } from 'node:fs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { laneQueueName } from '@lectern/contracts';
import {
  freePort,
  signUp,
  startProcessStack,
  until,
  waitReady,
  type ProcessStack,
} from './faults/support/process-stack';

// Two gateways, each on its own port with its own temporary directory, and two export worker processes, all on
// one PostgreSQL and one Redis prefix, as on separate hosts behind a load balancer: whichever gateway a request
// reaches, it works, and both export processes take jobs from the queue.
describe('two gateways and two export workers sharing only PostgreSQL and Redis', () => {
  let stack: ProcessStack;
  let secondGateway: string;

  beforeAll(async () => {
    stack = await startProcessStack({ env: { JOBS_IN_FLIGHT_FREE: '100', EXPORTS_PER_HOUR_FREE: '10000' } });
    const port = await freePort();
    stack.start('gateway', { PORT: String(port) });
    secondGateway = `http://127.0.0.1:${port}`;
    stack.start('export');
    await waitReady(stack, 90_000);
    await waitReady({ baseUrl: secondGateway }, 30_000);
  }, 150_000);
  afterAll(() => stack.stop(), 60_000);

  const on = (baseUrl: string, cookie: string, route: string) =>
    fetch(`${baseUrl}${route}`, { headers: { cookie } });

  it('runs each gateway with a temporary directory of its own', () => {
    const [first, second] = stack.services.get('gateway')!;
    expect(second!.child.exitCode).toBeNull();
    expect(first!.tempDir).not.toBe(second!.tempDir);
  });

  it('accepts a session made on one gateway on the other, both ways', async () => {
    const user = await signUp(stack, 'two-gateways');
    const seenBySecond = await on(secondGateway, user.cookie, '/api/auth/me');
    expect(seenBySecond.status).toBe(200);
    expect(await seenBySecond.json()).toMatchObject({ id: user.id, email: user.email });

    const login = await fetch(`${secondGateway}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'correct horse battery' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const seenByFirst = await on(stack.baseUrl, cookie, '/api/auth/me');
    expect(seenByFirst.status).toBe(200);
    expect(await seenByFirst.json()).toMatchObject({ id: user.id });

    const logout = await fetch(`${stack.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.ok).toBe(true);
    expect((await on(secondGateway, cookie, '/api/auth/me')).status).toBe(401);
  });

  it('downloads through one gateway an export of a video analysed through the other', async () => {
    const user = await signUp(stack, 'two-gateways-export');
    const video = await user.call('POST', '/api/transcripts/fetch', { youtubeUrl: 'phtsynth101' });
    expect(video.status).toBe(200);

    const response = await on(secondGateway, user.cookie, `/api/videos/${video.body.id}/export/txt`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.toString('utf8')).toContain('[2:40] That is why some plants');
    for (const service of [...stack.services.get('export')!, ...stack.services.get('gateway')!])
      expect(readdirSync(service.tempDir)).toEqual([]);
  }, 60_000);

  it('has both export processes take jobs, whichever gateway asked', async () => {
    const user = await signUp(stack, 'two-gateways-share');
    const video = await user.call('POST', '/api/transcripts/fetch', { youtubeUrl: 'derivative1' });
    expect(video.status).toBe(200);
    const workers = stack.services.get('export')!.map((s) => s.child.pid);
    const redis = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const queue = new Queue(laneQueueName('export', 'free'), {
      connection: redis,
      prefix: stack.env.REDIS_PREFIX,
    });
    try {
      // Rounds of exports at once through both gateways, until each process has run some (or the rounds run out).
      const statuses: number[] = [];
      const takenBy = await until(
        async () => {
          const round = Array.from({ length: 8 }, async (_, i) => {
            const baseUrl = i % 2 ? secondGateway : stack.baseUrl;
            const response = await on(baseUrl, user.cookie, `/api/videos/${video.body.id}/export/txt`);
            await response.arrayBuffer();
            statuses.push(response.status);
          });
          await Promise.all(round);
          const jobs = await queue.getCompleted(0, 999);
          return new Set(jobs.map((job) => Number(job.processedBy?.split(':').pop())));
        },
        (pids) => workers.every((pid) => pids.has(pid!)),
        60_000,
        'both export processes running jobs',
      );
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect([...takenBy].sort()).toEqual([...workers].sort());
    } finally {
      await queue.close();
      redis.disconnect();
    }
  }, 90_000);
});
