import { devMailKey } from '@lectern/handovers';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../src/queues/redis.tokens';
import { startTestGateway, type TestGateway } from './support/test-gateway';

/** The development mail page shows sign-in links: only someone at the machine itself may read it. */
describe('/dev/mail answers loopback clients only', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    // Behind one trusted proxy, so the client address is the one the proxy forwards.
    gateway = await startTestGateway({ NODE_ENV: 'development', DEV_MAIL_PAGE: '1', TRUST_PROXY: '1' });
    const mail = {
      to: 'ada@example.com',
      subject: 'Confirm your email for Lectern',
      text: 'Open the link.',
      link: 'http://lectern.test/verify-email?token=secret-token',
      at: new Date().toISOString(),
      delivery: 'logged',
    };
    await gateway.app
      .get<Redis>(REDIS_CLIENT)
      .lpush(devMailKey(gateway.env.REDIS_PREFIX), JSON.stringify(mail));
  });
  afterAll(() => gateway.close());

  it('shows the mails to a client on this machine', async () => {
    const page = await gateway.http().get('/dev/mail');
    expect(page.status).toBe(200);
    expect(page.text).toContain('secret-token');
    const viaLocalProxy = await gateway.http().get('/dev/mail').set('X-Forwarded-For', '::1');
    expect(viaLocalProxy.status).toBe(200);
  });

  it.each(['203.0.113.9', '2001:db8::7', '::ffff:198.51.100.4', '10.0.0.2'])(
    'answers 404 to a client at %s, and shows no link',
    async (address) => {
      const page = await gateway.http().get('/dev/mail').set('X-Forwarded-For', address);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('secret-token');
    },
  );
});
