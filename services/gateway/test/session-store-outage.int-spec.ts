import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy';
import { startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

// Redis that stops answering (stalled, or cut off by the network) must not hang signed-in requests.
describe('sessions while Redis hangs', () => {
  let redisRelay: FreezableProxy;
  let gateway: TestGateway;

  beforeAll(async () => {
    redisRelay = await startFreezableProxy(Number(new URL(process.env.LECTERN_TEST_REDIS_URL!).port));
    gateway = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${redisRelay.port}` });
  });
  afterAll(async () => {
    redisRelay.thaw();
    await gateway.close();
    await redisRelay.close();
  });

  it('answers a signed-in request 503 with a message instead of waiting for Redis, and recovers', async () => {
    const browser = gateway.browser();
    const email = uniqueEmail();
    expect((await browser.post('/api/auth/signup').send({ email, password: 'correct horse' })).status).toBe(
      201,
    );

    redisRelay.freeze();
    try {
      // Generous bound for a busy machine; without a time limit the request would never be answered.
      const stalled = await browser.get('/api/auth/me').timeout(20_000);
      expect(stalled.status).toBe(503);
      expect(stalled.body).toEqual({
        message: 'Lectern cannot reach its session store right now. Please try again in a moment.',
      });
      const login = await gateway
        .http()
        .post('/api/auth/login')
        .send({ email, password: 'correct horse' })
        .timeout(20_000);
      expect(login.status).toBe(503);
      expect(typeof login.body.message).toBe('string');
    } finally {
      redisRelay.thaw();
    }

    const me = await browser.get('/api/auth/me').timeout(20_000);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });
});
