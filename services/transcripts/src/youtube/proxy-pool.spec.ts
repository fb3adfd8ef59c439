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

  /** Takes routes in turn until one goes through the proxy labelled so. */
  const take = (proxies: ProxyPool, label: string) => {
    for (let i = 0; i < 10; i++) {
      const route = proxies.next();
      if (route.label === label) return route;
    }
    throw new Error(`${label} never handed out`);
  };

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
    const again = proxies.next();
    expect(again.label).toBe('a.example:8080');
    proxies.blocked(again);
    expect(proxies.restingUntil('a.example:8080')).toBe(3_000);
    for (let i = 0; i < 5; i++) {
      now = proxies.restingUntil('a.example:8080');
      proxies.blocked(take(proxies, 'a.example:8080'));
    }
    expect(proxies.restingUntil('a.example:8080') - now).toBe(5_000);

    // A fetch it serves forgives the earlier blocks.
    now = proxies.restingUntil('a.example:8080');
    const served = take(proxies, 'a.example:8080');
    proxies.served(served);
    proxies.blocked(take(proxies, 'a.example:8080'));
    expect(proxies.restingUntil('a.example:8080')).toBe(now + 1_000);
    await proxies.close();
  });

  it('counts one block of concurrent fetches through the same proxy once', async () => {
    const proxies = pool();
    // Four fetches at once: a, b, c, a.
    const routes = [proxies.next(), proxies.next(), proxies.next(), proxies.next()];
    const onA = routes.filter((route) => route.label === 'a.example:8080');
    expect(onA).toHaveLength(2);
    now = 10;
    for (const route of onA) proxies.blocked(route);
    expect(proxies.restingUntil('a.example:8080')).toBe(1_010);

    // A fetch handed out before that rest began, blocked after it ended, does not lengthen the next rest.
    const early = take(proxies, 'b.example:3128');
    now = 20;
    proxies.blocked(take(proxies, 'b.example:3128'));
    now = 2_000;
    proxies.blocked(early);
    expect(proxies.restingUntil('b.example:3128')).toBe(1_020);
    now = 3_000;
    proxies.blocked(take(proxies, 'a.example:8080'));
    expect(proxies.restingUntil('a.example:8080')).toBe(5_000);
    await proxies.close();
  });

  it('uses the proxy whose rest ends first when every one rests', async () => {
    const proxies = pool();
    const [a, b, c] = [proxies.next(), proxies.next(), proxies.next()];
    proxies.blocked(b);
    now = 1;
    proxies.blocked(a);
    proxies.blocked(c);
    expect(proxies.next().label).toBe('b.example:3128');
    await proxies.close();
  });
});
