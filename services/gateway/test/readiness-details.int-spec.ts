import { recordAiEngineStatus } from '@lectern/handovers';
import { createRedis, quitRedis } from '@lectern/queue-runtime';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { confirmEmail, startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';
import { eventually } from './support/eventually';

// Readiness is public (load balancers call it signed out): it names the parts that are down and nothing else.
describe('readiness details', () => {
  let postgresRelay: TcpProxy;
  let redisRelay: TcpProxy;
  let gateway: TestGateway;
  const adminEmail = uniqueEmail('operator');

  beforeAll(async () => {
    postgresRelay = await startTcpProxy(Number(new URL(process.env.LECTERN_TEST_POSTGRES_URL!).port));
    redisRelay = await startTcpProxy(Number(new URL(process.env.LECTERN_TEST_REDIS_URL!).port));
    gateway = await startTestGateway({
      ADMIN_EMAILS: adminEmail,
      REDIS_URL: `redis://127.0.0.1:${redisRelay.port}`,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresRelay.port}/lectern_test_${Date.now()}`,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await postgresRelay.close();
    await redisRelay.close();
  });

  it('shows signed-in admins the details; other users see what signed-out callers see', async () => {
    const admin = gateway.browser();
    expect(
      (await admin.post('/api/auth/signup').send({ email: adminEmail, password: 'correct horse' })).status,
    ).toBe(201);
    await confirmEmail(gateway, adminEmail);
    const user = gateway.browser();
    await user.post('/api/auth/signup').send({ email: uniqueEmail(), password: 'correct horse' });

    // No worker process runs in this test.
    const detailed = await admin.get('/api/health/ready');
    expect(detailed.status).toBe(503);
    expect(detailed.body.details.workers).toEqual({
      status: 'down',
      processes: { transcripts: 0, ai: 0, export: 0, billing: 0, mail: 0, media: 0 },
      missing: ['transcripts', 'ai', 'export', 'billing', 'mail', 'media'],
    });

    expect(detailed.body.details.ai).toEqual({ status: 'up', engines: [] });

    // What an ai worker that found a model server on its machine records.
    const redis = createRedis(process.env.LECTERN_TEST_REDIS_URL!);
    const status = {
      engine: 'openai',
      model: 'llama3.2:latest',
      server: '127.0.0.1:11434',
      instance: 'ai-host:4242',
      since: new Date().toISOString(),
    } as const;
    try {
      await recordAiEngineStatus(redis, gateway.env.REDIS_PREFIX, status);
    } finally {
      await quitRedis(redis);
    }
    expect((await admin.get('/api/health/ready')).body.details.ai).toEqual({
      status: 'up',
      engines: [status],
    });

    const plain = await user.get('/api/health/ready');
    expect(plain.body.details).toEqual({
      postgres: { status: 'up' },
      redis: { status: 'up' },
      workers: { status: 'down', missing: ['transcripts', 'ai', 'export', 'billing', 'mail', 'media'] },
    });
  });

  it('shows signed-out callers which part is down, never the error texts', async () => {
    await postgresRelay.cut();
    await redisRelay.cut();
    try {
      const response = await gateway.http().get('/api/health/ready');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        message: 'Lectern is not ready: postgres, redis, workers unavailable.',
        details: { postgres: { status: 'down' }, redis: { status: 'down' }, workers: { status: 'down' } },
      });
    } finally {
      await postgresRelay.restore();
      await redisRelay.restore();
    }
    // Back to normal before the gateway stops: both parts report up again by themselves.
    await eventually(
      () => gateway.http().get('/api/health/ready'),
      (r) => r.body.details?.postgres?.status === 'up' && r.body.details?.redis?.status === 'up',
      20_000,
    );
  });
});
