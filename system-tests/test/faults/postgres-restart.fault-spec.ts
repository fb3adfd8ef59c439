import { randomBytes } from 'node:crypto';
import {
  startTcpProxy,
  type TcpProxy,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from '../../../services/gateway/test/support';
import { eventually } from '../support/test-workers';

// The shared PostgreSQL is never restarted: a relay in front of it is cut and restored instead, which drops
// every pooled connection exactly as a restart does.
describe('fault drill: PostgreSQL restarted', () => {
  let relay: TcpProxy;
  let gateway: TestGateway;

  beforeAll(async () => {
    relay = await startTcpProxy(Number(new URL(process.env.LECTERN_TEST_POSTGRES_URL!).port));
    gateway = await startTestGateway({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${relay.port}/lectern_test_${randomBytes(5).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await relay.close();
  });

  it('reports the outage in readiness, answers clearly meanwhile, and recovers its pool by itself', async () => {
    const browser = gateway.browser();
    const signup = await browser
      .post('/api/auth/signup')
      .send({ email: uniqueEmail('pg'), password: 'correct horse' });
    expect(signup.status).toBe(201);

    await relay.cut();
    const ready = await gateway.http().get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.details.postgres.status).toBe('down');
    const during = await browser.get('/api/videos');
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(Object.keys(during.body)).toEqual(['message']);

    await relay.restore();
    const restoredAt = Date.now();
    await eventually(
      () => gateway.http().get('/api/health/ready'),
      (r) => r.body?.details?.postgres?.status === 'up',
      30_000,
    );
    const after = await eventually(
      () => browser.get('/api/videos'),
      (r) => r.status === 200,
      30_000,
    );
    expect(after.body).toEqual([]);

    console.log(`PostgreSQL drill: the gateway served again ${Date.now() - restoredAt} ms after the restore`);
  });
});
