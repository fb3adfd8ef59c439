import { Cluster, Redis } from 'ioredis';
import { createRedis } from './redis';

describe('createRedis', () => {
  const opened: Array<Redis | Cluster> = [];
  const open = (...args: Parameters<typeof createRedis>) => {
    const client = createRedis(args[0], { lazyConnect: true, ...args[1] });
    opened.push(client);
    return client;
  };
  afterAll(() => opened.forEach((client) => client.disconnect()));

  it('opens REDIS_URL as one Redis, as always', () => {
    const client = open({ REDIS_URL: 'redis://:secret@cache.internal:6380/3' });
    expect(client).toBeInstanceOf(Redis);
    expect((client as Redis).options).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      db: 3,
      password: 'secret',
      maxRetriesPerRequest: null,
    });
  });

  it('asks the Sentinels for the primary, with the credentials, database and TLS of REDIS_URL', () => {
    const client = open({
      REDIS_URL: 'rediss://lectern:from-url@ignored:1/2',
      REDIS_SENTINELS: [{ host: '10.0.0.5', port: 26379 }],
      REDIS_SENTINEL_NAME: 'lectern-main',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      REDIS_PASSWORD: 'from-variable',
    });
    expect(client).toBeInstanceOf(Redis);
    expect((client as Redis).options).toMatchObject({
      sentinels: [{ host: '10.0.0.5', port: 26379 }],
      name: 'lectern-main',
      sentinelPassword: 'sentinel-secret',
      username: 'lectern',
      password: 'from-variable',
      db: 2,
      tls: {},
      enableTLSForSentinelMode: true,
      maxRetriesPerRequest: null,
    });
  });

  it('opens a Cluster from its nodes, each node with the credentials of REDIS_URL and BullMQ’s settings', () => {
    const client = open(
      {
        REDIS_URL: 'redis://:node-secret@ignored:1',
        REDIS_CLUSTER_NODES: [
          { host: '10.0.0.7', port: 7000 },
          { host: '10.0.0.8', port: 7001 },
        ],
      },
      { maxRetriesPerRequest: 2 },
    );
    expect(client).toBeInstanceOf(Cluster);
    const cluster = client as Cluster;
    expect(cluster.options.redisOptions).toMatchObject({ password: 'node-secret', maxRetriesPerRequest: 2 });
    expect(cluster.options.lazyConnect).toBe(true);
    expect(cluster.options.clusterRetryStrategy?.(3, undefined)).toBe(600);
  });
});
