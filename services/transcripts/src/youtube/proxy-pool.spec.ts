import { ProxyPool, proxyLabel } from './proxy-pool';

describe('ProxyPool', () => {
  let now = 0;
  const pool = () =>
    new ProxyPool(['http://u:secret@a.example:8080', 'http://b.example:3128', 'https://c.example'], {
      restMs: 1_000,
      maxRestMs: 5_000,
      now: () => now,
    });

  beforeEach(() => {
    now = 0;
  });

  it('labels a proxy by host and port, never its credentials', () => {
    expect(proxyLabel('http://user:hunter2@gate.example.com:10001')).toBe('gate.example.com:10001');
  });

  it('goes out directly without proxies', async () => {
    const direct = new ProxyPool([]);
    expect(direct.next()).toEqual({ label: 'direct' });
    await direct.close();
  });

  it('uses the proxies in turn', async () => {
    const proxies = pool();
    expect([1, 2, 3, 4].map(() => proxies.next().label)).toEqual([
      'a.example:8080',
      'b.example:3128',
      'c.example',
      'a.example:8080',
    ]);
    await proxies.close();
  });

  it('rests a blocked proxy, longer at each block in a row, up to the maximum', async () => {
    const proxies = pool();
    const a = proxies.next();
    proxies.blocked(a);
    expect(proxies.restingUntil('a.example:8080')).toBe(1_000);
    expect([1, 2, 3].map(() => proxies.next().label)).toEqual([
      'b.example:3128',
      'c.example',
      'b.example:3128',
    ]);

    now = 1_000;
    expect(proxies.next().label).toBe('c.example');
    expect(proxies.next().label).toBe('a.example:8080');
    proxies.blocked(a);
    expect(proxies.restingUntil('a.example:8080')).toBe(3_000);
    for (let i = 0; i < 5; i++) proxies.blocked(a);
    expect(proxies.restingUntil('a.example:8080')).toBe(6_000);

    // A fetch it serves forgives the earlier blocks.
    now = 6_000;
    proxies.served(a);
    proxies.blocked(a);
    expect(proxies.restingUntil('a.example:8080')).toBe(7_000);
    await proxies.close();
  });

  it('uses the proxy whose rest ends first when every one rests', async () => {
    const proxies = pool();
    const [a, b, c] = [proxies.next(), proxies.next(), proxies.next()];
    proxies.blocked(a);
    proxies.blocked(a);
    proxies.blocked(b);
    proxies.blocked(c);
    proxies.blocked(c);
    expect(proxies.next().label).toBe('b.example:3128');
    await proxies.close();
  });
});
