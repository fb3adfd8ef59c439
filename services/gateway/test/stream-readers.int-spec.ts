import type { AddressInfo } from 'node:net';
import { appendToJobStream, createRedis, jobStreamReaderName, quitRedis } from '@lectern/queue-runtime';
import type { Redis } from 'ioredis';
import { JobStreams, type JobStreamWriter } from '../src/streams/job-streams';
import { eventually } from './support/eventually';
import { openEventStream, type OpenEventStream } from './support/event-stream-reader';
import { sessionCookie, startTestGateway, uniqueEmail, type TestGateway } from './support/test-gateway';

// Readers of a streamed answer (docs/api.md, "Event streams"): a user holds at most STREAM_READERS_PER_USER at
// once, and however many there are, this gateway reads the stream from Redis once.

const READERS_PER_USER = 3;

describe('readers of a streamed answer', () => {
  let gateway: TestGateway;
  let base: string;
  let redis: Redis;
  let cookie: string;
  let userId: string;

  const openReader = (streamId: string, headers: Record<string, string> = {}) =>
    openEventStream(`${base}/api/ai/streams/${streamId}`, { cookie, ...headers });

  const readerConnections = async () =>
    ((await redis.client('LIST')) as string)
      .split('\n')
      .filter((line) => line.includes(`name=${jobStreamReaderName(gateway.env.REDIS_PREFIX)} `)).length;

  beforeAll(async () => {
    gateway = await startTestGateway({ STREAM_READERS_PER_USER: String(READERS_PER_USER) });
    await gateway.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
    redis = createRedis(gateway.env.REDIS_URL);
    const signup = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail(), password: 'correct horse', name: 'Reader' });
    cookie = sessionCookie(signup)!;
    userId = signup.body.id as string;
  });
  afterAll(async () => {
    await quitRedis(redis);
    await gateway.close();
  });

  it('reads a stream from Redis once for all its readers, caps them per user, and resumes after Last-Event-ID', async () => {
    const streams = gateway.app.get(JobStreams);
    const writer: JobStreamWriter = await streams.open(userId);
    const prefix = gateway.env.REDIS_PREFIX;
    await appendToJobStream(redis, prefix, writer.id, { type: 'delta', text: 'Photo' });

    const readers: OpenEventStream[] = [];
    for (let i = 0; i < READERS_PER_USER; i += 1) readers.push(await openReader(writer.id));
    expect(readers.map((r) => r.status)).toEqual([200, 200, 200]);
    await eventually(
      () => Promise.resolve(readers.map((r) => r.events.length)),
      (counts) => counts.every((count) => count === 1),
    );
    expect(await readerConnections()).toBe(1);

    const over = await openReader(writer.id);
    expect(over.status).toBe(429);
    await over.ended;
    expect(JSON.parse(over.body)).toEqual({
      message: `You are already following ${READERS_PER_USER} answers as they are written, the most Lectern allows at once. Close other tabs showing one, or wait for them to finish.`,
    });

    await appendToJobStream(redis, prefix, writer.id, { type: 'delta', text: 'synthesis' });
    await writer.done('{"answer":"Photosynthesis"}');
    await Promise.all(readers.map((r) => r.ended));
    for (const reader of readers) {
      expect(reader.events.map((e) => [e.event, e.data])).toEqual([
        ['delta', { text: 'Photo' }],
        ['delta', { text: 'synthesis' }],
        ['done', { answer: 'Photosynthesis' }],
      ]);
    }
    await eventually(readerConnections, (count) => count === 0);

    // Their slots are given back; a reader that reconnects after the first event reads the rest only.
    const firstId = readers[0]!.events[0]!.id!;
    const resumed = await openReader(writer.id, { 'last-event-id': firstId });
    expect(resumed.status).toBe(200);
    await resumed.ended;
    expect(resumed.events.map((e) => [e.event, e.data])).toEqual([
      ['delta', { text: 'synthesis' }],
      ['done', { answer: 'Photosynthesis' }],
    ]);
  });

  it('gives a reader’s slot back when its client leaves', async () => {
    const writer = await gateway.app.get(JobStreams).open(userId);
    for (let round = 0; round < 2; round += 1) {
      const readers: OpenEventStream[] = [];
      for (let i = 0; i < READERS_PER_USER; i += 1) readers.push(await openReader(writer.id));
      expect(readers.map((r) => r.status)).toEqual([200, 200, 200]);
      for (const reader of readers) reader.request.destroy();
      await Promise.all(readers.map((r) => r.ended));
      // The slots held (in Redis, shared by every gateway) are all given back.
      await eventually(
        () => redis.zcard(`${gateway.env.REDIS_PREFIX}:stream-readers:${userId}`),
        (count) => count === 0,
      );
    }
    await writer.done('{}');
    await eventually(readerConnections, (count) => count === 0);
  });
});
