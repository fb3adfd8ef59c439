import type { AddressInfo } from 'node:net';
import type { AiContentItem, AiQuestion } from '@lectern/contracts';
import { JobRequester, createRedis, jobStreamReaderName, quitRedis } from '@lectern/queue-runtime';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Redis } from 'ioredis';
import { INVENTED_MOMENT, type FakeOpenAi } from '@lectern/fakes/openai';
import { createGateway } from '../../services/gateway/src/bootstrap';
import { startAiStack, storedItemCount, userWithVideo, type AiStack } from './support/ai-fixtures';
import {
  allEvents,
  requestEventStream,
  streamedText,
  type StreamedEvent,
} from './support/event-stream-client';
import { eventually } from './support/test-workers';

// Streamed generations end to end: the real ai worker streams the fake provider's tokens into Redis, and the
// gateways relay them as Server-Sent Events. A second gateway, sharing only PostgreSQL and Redis with the first,
// reads a stream it never enqueued.
describe('streamed AI generations', () => {
  let stack: AiStack;
  let fake: FakeOpenAi;
  let second: NestExpressApplication;
  let redis: Redis;
  let first: string;
  let other: string;
  let pro: { cookie: string; videoId: string; email: string };

  // Messages name the kind of provider, never OPENAI_BASE_URL's address.
  const provider = () => 'OpenAI-compatible server';
  const generate = (body: Record<string, unknown>, origin = first, cookie = pro.cookie) =>
    requestEventStream(`${origin}/api/ai/generate`, {
      method: 'POST',
      cookie,
      body: { videoId: pro.videoId, ...body },
    });
  const readStream = (
    id: string,
    origin: string,
    headers: Record<string, string> = {},
    cookie = pro.cookie,
  ) => requestEventStream(`${origin}/api/ai/streams/${id}`, { cookie, headers });

  async function listen(app: NestExpressApplication): Promise<string> {
    await app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  }

  async function cookieFor(email: string): Promise<string> {
    const response = await fetch(`${first}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse' }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'openai' });
    fake = stack.openAi!;
    first = await listen(stack.gateway.app);
    second = await createGateway(stack.gateway.env);
    other = await listen(second);
    redis = createRedis(stack.gateway.env.REDIS_URL);
    const owner = await userWithVideo(stack, { plan: 'pro', youtubeId: 'phtsynth101' });
    pro = { cookie: await cookieFor(owner.user.email), videoId: owner.videoId, email: owner.user.email };
  }, 60_000);
  let secondClosed = false;
  afterAll(async () => {
    await quitRedis(redis);
    if (!secondClosed) await second.close();
    await stack.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.tokenDelayMs = 2;
  });

  it('answers deltas as the model writes, then done with the JSON the plain request answers', async () => {
    const stream = await requestEventStream(`${first}/api/ai/generate`, {
      method: 'POST',
      cookie: pro.cookie,
      body: { videoId: pro.videoId, type: 'summary', summaryLength: 'detailed', regenerate: true },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // Brotli and gzip are welcome, but an event stream must come uncompressed, event by event.
    expect(stream.headers.get('content-encoding')).toBeNull();
    const events = await allEvents(stream);

    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((event) => event.event !== 'delta').map((event) => event.event)).toEqual(['done']);
    const done = events.at(-1)?.data as AiContentItem;
    expect(done).toMatchObject({ featureType: 'summary', summaryLength: 'detailed', engine: 'openai' });
    expect(streamedText(events)).toBe(done.outputText);
    expect(fake.requests.map((request) => request.stream)).toEqual([true]);

    // The plain request now answers the stored item: exactly what `done` carried.
    const plain = await fetch(`${first}/api/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pro.cookie },
      body: JSON.stringify({ videoId: pro.videoId, type: 'summary', summaryLength: 'detailed' }),
    });
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(await plain.json()).toEqual(done);
  });

  it('answers a stored item as a stream of one done event', async () => {
    const events = await allEvents(await generate({ type: 'summary', summaryLength: 'detailed' }));
    expect(events.map((event) => event.event)).toEqual(['done']);
    expect(fake.requests).toHaveLength(0);
  });

  it('lets a second gateway, which enqueued nothing, relay the stream by its id from Redis', async () => {
    fake.tokenDelayMs = 15;
    const stream = await generate({ type: 'blog', regenerate: true });
    const id = stream.headers.get('lectern-stream-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // Read on the other gateway while the first is still relaying: the same events, from the start.
    const relayed = await readStream(id!, other);
    expect(relayed.status).toBe(200);
    expect(relayed.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const [here, there] = await Promise.all([allEvents(stream), allEvents(relayed)]);
    expect(there.map(withoutId)).toEqual(here.map(withoutId));
    expect(there.map((event) => event.id)).toEqual(here.map((event) => event.id));
    expect(there.at(-1)?.event).toBe('done');
    expect(streamedText(there)).toBe((there.at(-1)?.data as AiContentItem).outputText);

    // A reconnecting client continues after the last event it saw.
    const middle = there[Math.floor(there.length / 2)]!;
    const resumed = await allEvents(await readStream(id!, other, { 'last-event-id': middle.id! }));
    expect(resumed).toEqual(there.slice(there.indexOf(middle) + 1));
  });

  it('keeps a stream to its owner: another user, or an unknown id, is 404', async () => {
    const stream = await generate({ type: 'summary', summaryLength: 'micro', regenerate: true });
    const id = stream.headers.get('lectern-stream-id')!;
    await allEvents(stream);
    const stranger = await userWithVideo(stack, { label: 'stranger' });
    const strangerCookie = await cookieFor(stranger.user.email);
    for (const attempt of [
      await readStream(id, other, {}, strangerCookie),
      await readStream('00000000-0000-4000-8000-000000000000', other),
    ]) {
      expect(attempt.status).toBe(404);
      expect(attempt.headers.get('content-type')).toContain('application/json');
      expect(await attempt.json()).toEqual({
        message: 'This answer is not being streamed (it may have finished a while ago).',
      });
    }
  });

  it('answers errors found before the job starts as plain JSON with their status', async () => {
    const free = await userWithVideo(stack, { label: 'free-streamer' });
    const freeCookie = await cookieFor(free.user.email);
    const refused = await requestEventStream(`${first}/api/ai/generate`, {
      method: 'POST',
      cookie: freeCookie,
      body: { videoId: free.videoId, type: 'insights' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toEqual({
      message: 'Key insights are part of the Pro plan. Upgrade to Pro to generate them.',
    });

    const invalid = await generate({ type: 'poem' });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()) as { message: string }).toHaveProperty('message');

    const missing = await generate({ type: 'summary', videoId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Video not found.' });

    const anonymous = await generate({ type: 'summary' }, first, '');
    expect(anonymous.status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it('sends a provider failure mid-stream as an error event after the text so far, nothing stored', async () => {
    const storedBefore = await storedItemCount(stack, pro.videoId);
    // Both attempts of the job break off after a few tokens; the retry starts the text over.
    fake.enqueue({ kind: 'drop-mid-stream', afterTokens: 4 }, { kind: 'drop-mid-stream', afterTokens: 4 });
    const events = await allEvents(await generate({ type: 'cornell_notes', regenerate: true }));
    const message = `The AI provider (${provider()}) stopped answering partway through.`;
    expect(events.map((event) => event.event).join(' ')).toMatch(/^(delta )+reset (delta )+error$/);
    expect(streamedText(events).length).toBeGreaterThan(0);
    expect(events.at(-1)?.data).toEqual({ message });

    expect(await storedItemCount(stack, pro.videoId)).toBe(storedBefore);
  });

  it('words a provider failure on the stream as the plain request does', async () => {
    const down = () => Array.from({ length: 8 }, () => ({ kind: 'error' as const, status: 503 }));
    fake.enqueue(...down());
    const plain = await fetch(`${first}/api/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pro.cookie },
      body: JSON.stringify({ videoId: pro.videoId, type: 'flashcards', regenerate: true }),
    });
    expect(plain.status).toBe(502);
    const { message } = (await plain.json()) as { message: string };
    expect(message).toBe(`The AI provider (${provider()}) is unavailable (503).`);

    fake.reset();
    fake.enqueue(...down());
    const events = await allEvents(await generate({ type: 'flashcards', regenerate: true }));
    expect(events).toEqual([{ event: 'error', id: expect.any(String), data: { message } }]);
  }, 60_000);

  it('keeps writing after the client leaves: the result is stored, and no Redis reader is left', async () => {
    fake.tokenDelayMs = 20;
    const storedBefore = await storedItemCount(stack, pro.videoId);
    const stream = await generate({ type: 'action_plan', regenerate: true });
    const firstEvent = await stream.events.next();
    expect((firstEvent.value as StreamedEvent).event).toBe('delta');
    stream.abort();

    await eventually(
      () => storedItemCount(stack, pro.videoId),
      (count) => count === storedBefore + 1,
    );
    await eventually(
      async () => (await redis.client('LIST')) as string,
      (list) => !list.includes(`name=${jobStreamReaderName(stack.gateway.env.REDIS_PREFIX)} `),
    );
  });

  // Last: it stops the second gateway.
  describe('Ask the video, streamed', () => {
    const ask = (question: string, origin = first) =>
      requestEventStream(`${origin}/api/ai/ask`, {
        method: 'POST',
        cookie: pro.cookie,
        body: { videoId: pro.videoId, question },
      });

    it('streams the answer as it is written, and a moment the model made up never reaches the stream', async () => {
      fake.inventCitations = true;
      const stream = await ask('What does chlorophyll absorb?');
      expect(stream.status).toBe(200);
      const events = await allEvents(stream);
      const deltas = events.filter((event) => event.event === 'delta');
      expect(deltas.length).toBeGreaterThan(1);
      for (const delta of deltas) expect((delta.data as { text: string }).text).not.toContain('99:');
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      const answered = done.data as AiQuestion;
      expect(answered.answer).not.toContain(INVENTED_MOMENT);
      expect(answered.citations.length).toBeGreaterThan(0);
      // What was streamed is what is stored: the same citations, in the same words.
      expect(streamedText(events)).toBe(answered.answer);
      const thread = await fetch(`${first}/api/ai/questions/${pro.videoId}`, {
        headers: { cookie: pro.cookie },
      });
      expect(((await thread.json()) as AiQuestion[]).at(-1)).toEqual(answered);
    });

    it('is read on another gateway than the one asked, event for event', async () => {
      const stream = await ask('How does the Calvin cycle fix carbon?', first);
      const id = stream.headers.get('lectern-stream-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const relayed = await readStream(id!, other);
      const [here, there] = await Promise.all([allEvents(stream), allEvents(relayed)]);
      expect(there).toEqual(here);
      expect(here.at(-1)?.event).toBe('done');
    });
  });

  it('answers a queue that takes no job as plain JSON, before any stream begins', async () => {
    // The second gateway stops taking jobs, as when it stops: its requests fail before a job is queued.
    await second.get(JobRequester).drain(0);
    const refused = await generate({ type: 'summary', regenerate: true }, other);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(refused.headers.get('lectern-stream-id')).toBeNull();
    expect(await refused.json()).toEqual({ message: 'Lectern is restarting. Please try again in a moment.' });
  });

  it('ends its readers when a gateway stops; the client reads on, on another gateway, from its last event', async () => {
    fake.tokenDelayMs = 20;
    const stream = await generate({ type: 'action_plan', regenerate: true });
    const id = stream.headers.get('lectern-stream-id')!;
    const relayed = await readStream(id, other);
    const seen: StreamedEvent[] = [];
    while (seen.length < 3) {
      const next = await relayed.events.next();
      if (next.done) break;
      seen.push(next.value);
    }
    const closing = second.close();
    secondClosed = true;
    for (let next = await relayed.events.next(); !next.done; next = await relayed.events.next())
      seen.push(next.value);
    await closing;
    expect(seen.at(-1)).toEqual({
      event: 'error',
      id: undefined,
      data: { message: 'Lectern is restarting. Please try again in a moment.' },
    });
    const lastSeen = seen.filter((event) => event.event === 'delta').at(-1)!;
    const rest = await allEvents(await readStream(id, first, { 'last-event-id': lastSeen.id! }));
    const done = rest.at(-1);
    expect(done?.event).toBe('done');
    expect(streamedText([...seen, ...rest])).toBe((done?.data as AiContentItem).outputText);
    await allEvents(stream);
  });
});

function withoutId(event: StreamedEvent): Omit<StreamedEvent, 'id'> {
  return { event: event.event, data: event.data };
}
