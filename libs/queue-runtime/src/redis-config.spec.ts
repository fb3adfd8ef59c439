import { BaseEnvSchema, parseEnv } from './config';
import { redisSettingsEnv, redisTopology } from './redis-config';

const parse = (env: Record<string, string>) => parseEnv(BaseEnvSchema, env);

function refusal(env: Record<string, string>): string {
  try {
    parse(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('Redis topology settings', () => {
  it('leaves a single Redis exactly as before when none is set', () => {
    const env = parse({});
    expect(env).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'lectern' });
    expect(env.REDIS_SENTINELS).toBeUndefined();
    expect(env.REDIS_CLUSTER_NODES).toBeUndefined();
    expect(redisTopology(env)).toBe('single');
  });

  it('reads Sentinels as addresses, IPv6 in brackets, with the monitored name', () => {
    const env = parse({
      REDIS_SENTINELS: ' 10.0.0.5:26379, sentinel-b.internal:26380,[::1]:26381 ',
      REDIS_SENTINEL_NAME: 'lectern-main',
    });
    expect(env.REDIS_SENTINELS).toEqual([
      { host: '10.0.0.5', port: 26379 },
      { host: 'sentinel-b.internal', port: 26380 },
      { host: '::1', port: 26381 },
    ]);
    expect(env.REDIS_SENTINEL_NAME).toBe('lectern-main');
    expect(redisTopology(env)).toBe('sentinel');
    expect(parse({ REDIS_SENTINELS: '10.0.0.5:26379' }).REDIS_SENTINEL_NAME).toBe('mymaster');
  });

  it.each([
    ['a host without a port', 'REDIS_SENTINELS', '10.0.0.5', '"10.0.0.5" is not'],
    ['a port out of range', 'REDIS_CLUSTER_NODES', 'a:7000,b:70000', '"b:70000" is not'],
    ['a URL instead of host:port', 'REDIS_CLUSTER_NODES', 'redis://a:7000', '"redis://a:7000" is not'],
  ])('refuses %s, naming the variable and the item', (_case, variable, value, item) => {
    const message = refusal({ [variable]: value, REDIS_PREFIX: '{lectern}' });
    expect(message).toContain(
      `Invalid configuration: ${variable} must be a comma-separated list of host:port`,
    );
    expect(message).toContain(item);
  });

  it('refuses Sentinels and a Cluster together', () => {
    expect(refusal({ REDIS_SENTINELS: 'a:26379', REDIS_CLUSTER_NODES: 'b:7000' })).toBe(
      'Invalid configuration: REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set; Lectern uses one Redis: set only one of them',
    );
  });

  it('gives a Cluster a braced prefix by default, and refuses a chosen prefix without braces', () => {
    const env = parse({ REDIS_CLUSTER_NODES: 'a:7000,b:7001' });
    expect(env.REDIS_PREFIX).toBe('{lectern}');
    expect(redisTopology(env)).toBe('cluster');
    expect(parse({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_PREFIX: '{school}' }).REDIS_PREFIX).toBe('{school}');
    expect(refusal({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_PREFIX: 'school' })).toMatch(
      /^Invalid configuration: REDIS_PREFIX must be a name in braces \(such as \{school\}\) with REDIS_CLUSTER_NODES/,
    );
  });

  it('refuses a database other than 0 on a Cluster', () => {
    expect(refusal({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis://a:7000/2' })).toBe(
      'Invalid configuration: REDIS_URL names database 2, but a Redis Cluster has only database 0: remove "/2"',
    );
  });

  it('never echoes the passwords', () => {
    const message = refusal({ REDIS_SENTINEL_PASSWORD: 'hunter2hunter2', REDIS_SENTINEL_NAME: 'bad name!' });
    expect(message).toContain('REDIS_SENTINEL_NAME');
    expect(message).not.toContain('hunter2');
  });

  it('writes the settings back as the variables another process reads', () => {
    const env = parse({
      REDIS_SENTINELS: '10.0.0.5:26379,[::1]:26381',
      REDIS_SENTINEL_NAME: 'x',
      REDIS_PASSWORD: 'p',
    });
    expect(parse(redisSettingsEnv(env) as Record<string, string>)).toMatchObject({
      REDIS_SENTINELS: env.REDIS_SENTINELS,
      REDIS_SENTINEL_NAME: 'x',
      REDIS_PASSWORD: 'p',
    });
  });
});
