import type { RunningQueueWorker } from '@lectern/queue-runtime';
import {
  startTcpProxy,
  type TcpProxy,
  startTestGateway,
  type TestGateway,
} from '../../services/gateway/test/support';
import { eventually, startTestWorkers, stopTestWorkers } from './support/test-workers';

describe('health and readiness', () => {
  let redisRelay: TcpProxy;
  let gateway: TestGateway;
  let workers: RunningQueueWorker[] = [];

  beforeAll(async () => {
    redisRelay = await startTcpProxy(Number(new URL(process.env.LECTERN_TEST_REDIS_URL!).port));
    gateway = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${redisRelay.port}` });
  });
  afterAll(async () => {
    // Tidying up after the relay has been cut twice has, rarely, met a Redis client rejecting a command with
    // "Connection is closed." (seen in about 1 run in 20 under load, never pinned to one step). The checks above
    // have run by then; the leftovers are this run's own database and key prefix. So each step is named in a
    // warning instead of failing every test of the file.
    for (const [step, run] of [
      ['stop the workers', () => stopTestWorkers(workers)],
      ['close the gateway', () => gateway.close()],
      ['close the relay', () => redisRelay.close()],
    ] as const) {
      await run().catch((error: unknown) =>
        console.warn(`readiness clean-up: ${step} failed: ${String(error)}`),
      );
    }
  }, 60_000); // Stopping workers waits out a running job (20 s) before cutting connections.

  it('answers liveness without touching its dependencies, even with Redis cut off', async () => {
    await redisRelay.cut();
    try {
      const response = await gateway.http().get('/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    } finally {
      await redisRelay.restore();
    }
    await eventually(
      () => gateway.http().get('/api/health/ready'),
      (r) => r.body.details?.redis?.status === 'up',
      20_000,
    );
  });

  it('is not ready while no worker process is running, and names the missing services', async () => {
    const response = await gateway.http().get('/api/health/ready');
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('Lectern is not ready: workers unavailable.');
    expect(response.body.details.workers.missing).toEqual([
      'transcripts',
      'ai',
      'export',
      'billing',
      'mail',
      'media',
    ]);
    expect(response.body.details.postgres.status).toBe('up');
  });

  it('is ready once every worker reports in', async () => {
    workers = await startTestWorkers(gateway.env);
    const response = await eventually(
      () => gateway.http().get('/api/health/ready'),
      (r) => r.status === 200,
    );
    expect(response.body.details).toMatchObject({
      postgres: { status: 'up' },
      redis: { status: 'up' },
      // Process counts are for admins (readiness-details.int-spec.ts); everyone sees each part's status.
      workers: { status: 'up' },
    });
  });

  it('reports Redis down while it is unreachable, and recovers by itself when it is back', async () => {
    await redisRelay.cut();
    const down = await gateway.http().get('/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.details.redis.status).toBe('down');
    expect(down.body.message).toMatch(/redis/);

    await redisRelay.restore();
    await eventually(
      () => gateway.http().get('/api/health/ready'),
      (r) => r.status === 200,
      20_000,
    );
  });
});
