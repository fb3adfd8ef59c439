import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { planChangedChannel, type AiContentItem, type AiQuestion } from '@lectern/contracts';
import {
  createRedis,
  quitRedis,
  readJobRunTotals,
  scanKeys,
  type RedisConnection,
} from '@lectern/queue-runtime';
import { PlanChangesListener } from '../../services/gateway/src/billing/plan-changes.listener';
import { signedInBrowser } from '../../services/gateway/test/support';
import { startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';
import { allEvents, requestEventStream, streamedText } from './support/event-stream-client';
import { RedisServers, startCluster } from './support/redis-servers';

// Lectern on a Redis Cluster of three primaries (real redis-server processes on loopback): the gateway and every
// worker reach it through REDIS_CLUSTER_NODES, and each feature that keeps something in Redis works.
describe('Lectern on a Redis Cluster', () => {
  const servers = new RedisServers();
  const prefix = `{lectern-test-${randomBytes(5).toString('hex')}}`;
  let stack: AiStack;
  let redis: RedisConnection;
  let origin: string;

  beforeAll(async () => {
    try {
      const { nodes } = await startCluster(servers);
      const listed = nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
      stack = await startAiStack({
        engine: 'offline',
        gateway: {
          REDIS_URL: `redis://127.0.0.1:${nodes[0]!.port}`,
          REDIS_CLUSTER_NODES: listed,
          REDIS_PREFIX: prefix,
          AUTH_RATE_LIMIT_EMAIL: '3',
        },
      });
      await stack.gateway.app.listen(0, '127.0.0.1');
      origin = `http://127.0.0.1:${(stack.gateway.app.getHttpServer().address() as AddressInfo).port}`;
      redis = createRedis(stack.gateway.env);
    } catch (error) {
      await servers.stop();
      throw error;
    }
  }, 90_000);

  afterAll(async () => {
    if (redis) await quitRedis(redis);
    await stack?.close();
    await servers.stop();
  }, 60_000);

  it('reaches the cluster through every node it was given', () => {
    expect(stack.gateway.env.REDIS_CLUSTER_NODES).toHaveLength(3);
    expect(stack.gateway.env.REDIS_PREFIX).toBe(prefix);
  });

  it('signs up, keeps the session, analyses a video, generates, streams, answers and exports', async () => {
    const { user, videoId } = await userWithVideo(stack, { plan: 'pro' });
    expect((await user.get('/api/auth/me')).body).toMatchObject({ email: user.email });

    const generated = await user
      .post('/api/ai/generate')
      .send({ videoId, type: 'summary', summaryLength: 'short', regenerate: false });
    expect(generated.status).toBe(200);
    expect((generated.body as AiContentItem).outputText.length).toBeGreaterThan(20);

    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'correct horse' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const stream = await requestEventStream(`${origin}/api/ai/generate`, {
      method: 'POST',
      cookie,
      body: { videoId, type: 'summary', summaryLength: 'detailed', regenerate: true },
    });
    expect(stream.status).toBe(200);
    const events = await allEvents(stream);
    expect(events.at(-1)?.event).toBe('done');
    expect(streamedText(events)).toBe((events.at(-1)?.data as AiContentItem).outputText);
    // Read again from the job's stream in Redis by its id: the same entries, from the start.
    const id = stream.headers.get('lectern-stream-id');
    expect(id).toBeTruthy();
    const replay = await allEvents(await requestEventStream(`${origin}/api/ai/streams/${id}`, { cookie }));
    expect(replay.at(-1)?.event).toBe('done');

    const asked = await user.post('/api/ai/ask').send({ videoId, question: 'What is the load factor?' });
    expect(asked.status).toBe(200);
    expect((asked.body as AiQuestion).answer.length).toBeGreaterThan(0);

    const exported = await user.get(`/api/videos/${videoId}/export/txt`).buffer(true);
    expect(exported.status).toBe(200);
    expect(String(exported.text ?? exported.body).length).toBeGreaterThan(100);

    // Job totals recorded by the workers (one hash) read back from the cluster.
    const totals = await readJobRunTotals(redis, prefix);
    const completed = (queue: string) =>
      totals.filter((t) => t.queue === queue && t.outcome === 'completed').reduce((n, t) => n + t.count, 0);
    expect(completed('transcripts')).toBeGreaterThan(0);
    expect(completed('ai')).toBeGreaterThanOrEqual(3);
    expect(completed('export')).toBeGreaterThan(0);
  }, 60_000);

  it('counts failed sign-ins in the cluster and refuses past the limit', async () => {
    const user = await signedInBrowser(stack.gateway, 'guesser');
    const attempt = () =>
      stack.gateway.http().post('/api/auth/login').send({ email: user.email, password: 'wrong horse' });
    for (let index = 0; index < 3; index += 1) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
  });

  it('is ready: readiness finds every worker heartbeat on the cluster', async () => {
    const ready = await stack.gateway.http().get('/api/health/ready');
    expect(ready.status).toBe(200);
  });

  it('delivers plan-change messages over the cluster’s pub/sub', async () => {
    const listener = stack.gateway.app.get(PlanChangesListener);
    const received = firstValueFrom(listener.changes$);
    const event = { userId: 'someone', plan: 'pro', subscriptionStatus: 'active' };
    await redis.publish(planChangedChannel(prefix), JSON.stringify(event));
    await expect(received).resolves.toMatchObject(event);
  });

  it('answers the Bull Board route for an admin', async () => {
    const admin = await signedInBrowser(stack.gateway, 'admin', stack.adminEmail);
    const board = await admin.get('/admin/queues/api/queues');
    expect(board.status).toBe(200);
    expect((board.body as { queues: unknown[] }).queues.length).toBeGreaterThan(0);
  });

  it('keeps every key of one queue in one slot', async () => {
    const slotsByQueue = new Map<string, Set<number>>();
    const nodesByQueue = new Map<string, Set<string>>();
    if (!('nodes' in redis)) throw new Error('not a cluster connection');
    for (const node of redis.nodes('master')) {
      for await (const keys of scanKeys(node, `${prefix}:*`)) {
        for (const key of keys) {
          const queue = key.slice(prefix.length + 1).split(':')[0]!;
          const slot = Number(await redis.cluster('KEYSLOT', key));
          if (!slotsByQueue.has(queue)) slotsByQueue.set(queue, new Set());
          if (!nodesByQueue.has(queue)) nodesByQueue.set(queue, new Set());
          slotsByQueue.get(queue)!.add(slot);
          nodesByQueue.get(queue)!.add(`${node.options.host}:${node.options.port}`);
        }
      }
    }
    // The lanes of the queues that ran jobs, at least.
    for (const lane of ['transcripts-pro', 'ai-pro', 'export-pro'])
      expect([...slotsByQueue.keys()]).toContain(lane);
    for (const [queue, slots] of slotsByQueue) {
      expect({ queue, slots: slots.size }).toEqual({ queue, slots: 1 });
      expect({ queue, nodes: nodesByQueue.get(queue)!.size }).toEqual({ queue, nodes: 1 });
    }
  });
});
