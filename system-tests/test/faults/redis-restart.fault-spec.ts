import { laneQueueName } from '@lectern/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  signUp,
  sleep,
  startOwnRedis,
  startProcessStack,
  until,
  waitReady,
  type ApiUser,
  type OwnRedis,
  type ProcessStack,
} from './support/process-stack';

const link = (id: string) => ({ youtubeUrl: `https://www.youtube.com/watch?v=${id}` });

// Redis restarted under a running Lectern: a private redis-server with AOF on (as in docker-compose.yml),
// never the machine's shared one.
describe('fault drill: Redis restarted', () => {
  let redis: OwnRedis;
  let stack: ProcessStack;
  let user: ApiUser;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    redis = await startOwnRedis();
    stack = await startProcessStack({ redisUrl: redis.url });
    await waitReady(stack);
    user = await signUp(stack, 'redis-drill');
  });
  afterAll(async () => {
    console.log('Redis restart drill (ms):', figures);
    await stack?.stopProcesses();
    await stack?.stop().catch(() => undefined);
    await redis?.stop();
  });

  /** Asks for a video until it is answered, returning how long that took from `since`. */
  async function analyseWithin(id: string, since: number, timeoutMs = 30_000): Promise<number> {
    await until(
      () => user.call('POST', '/api/transcripts/fetch', link(id)),
      (r) => r.status === 200,
      timeoutMs,
      `analysing ${id}`,
    );
    return Date.now() - since;
  }

  it('while idle: readiness reports the outage, and every process reconnects by itself', async () => {
    await redis.kill('SIGTERM');
    const down = await fetch(`${stack.baseUrl}/api/health/ready`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { details: { redis: { status: string } } }).details.redis.status).toBe(
      'down',
    );

    await sleep(3000);
    await redis.start();
    const restartedAt = Date.now();
    // The session survived (AOF), and the workers take jobs again: a transcript and an AI generation.
    figures.idleRecoveryMs = await analyseWithin('phtsynth101', restartedAt);
    const video = await user.call('POST', '/api/transcripts/fetch', link('phtsynth101'));
    const summary = await until(
      () => user.call('POST', '/api/ai/generate', { videoId: video.body.id, type: 'summary' }),
      (r) => r.status === 200,
      30_000 - (Date.now() - restartedAt),
      'an AI generation after the restart',
    );
    expect(summary.body.outputText).toBeTruthy();
    await waitReady(stack, 30_000);
    figures.idleReadyMs = Date.now() - restartedAt;
  });

  it('while a request is in flight: it completes or fails clearly, and a retry succeeds within 30 s', async () => {
    stack.youtube.setSlowDelay(2000);
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const answer = user.call('POST', '/api/transcripts/fetch', link('slowAnswer1'));
    const lane = new Queue(laneQueueName('transcripts', 'free'), {
      connection,
      prefix: stack.env.REDIS_PREFIX,
    });
    await until(
      () => lane.getActiveCount(),
      (n) => n > 0,
      20_000,
      'a running transcripts job',
    );
    await lane.close();
    connection.disconnect();

    await redis.kill('SIGTERM');
    await sleep(2000);
    await redis.start();
    const restartedAt = Date.now();
    const first = await answer;
    if (first.status !== 200) {
      expect(first.status).toBeGreaterThanOrEqual(500);
      expect(typeof first.body.message).toBe('string');
    }
    figures.inFlightFirstAnswerStatus = first.status;
    figures.inFlightRecoveryMs = await analyseWithin('slowAnswer1', restartedAt);
    expect(await stack.sql('SELECT id FROM videos WHERE user_id = $1', [user.id])).toHaveLength(2);
  });

  it('with AOF on, a queued job survives a real restart of redis-server and runs afterwards', async () => {
    const [transcripts] = stack.services.get('transcripts')!.filter((s) => s.child.exitCode === null);
    transcripts!.child.kill('SIGTERM');
    await transcripts!.exited;

    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const answer = user.call('POST', '/api/transcripts/fetch', link('printpress1'));
    const lane = new Queue(laneQueueName('transcripts', 'free'), {
      connection,
      prefix: stack.env.REDIS_PREFIX,
    });
    await until(
      () => lane.getWaitingCount(),
      (n) => n > 0,
      10_000,
      'a queued transcripts job',
    );

    await redis.kill('SIGTERM');
    await redis.start();
    expect(await lane.getWaitingCount()).toBe(1);
    await lane.close();
    connection.disconnect();

    const restartedAt = Date.now();
    stack.start('transcripts');
    const response = await answer;
    figures.queuedJobRunMs = Date.now() - restartedAt;
    expect(response.status).toBe(200);
    expect(response.body.youtubeId).toBe('printpress1');
  });
});

describe('fault drill: Redis may evict keys', () => {
  let redis: OwnRedis;
  let stack: ProcessStack;

  beforeAll(async () => {
    redis = await startOwnRedis(['--maxmemory', '256mb', '--maxmemory-policy', 'allkeys-lru']);
    stack = await startProcessStack({ redisUrl: redis.url, workers: ['transcripts'] });
  });
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  });

  it('the gateway and every worker warn loudly at start-up when maxmemory-policy is not noeviction', async () => {
    const warned = (name: 'gateway' | 'transcripts') =>
      stack.services
        .get(name)![0]!
        .output.join('')
        .includes('REDIS IS MISCONFIGURED: maxmemory-policy is \\"allkeys-lru\\", not \\"noeviction\\"');
    await until(
      () => Promise.resolve(warned('gateway') && warned('transcripts')),
      Boolean,
      30_000,
      'both warnings',
    );
  });
});
