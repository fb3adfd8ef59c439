import { randomBytes } from 'node:crypto';
import {
  appendToJobStream,
  createRedis,
  deleteKeysUnderPrefix,
  quitRedis,
  type JobStreamEntry,
} from '@lectern/queue-runtime';
import type { GatewayEnv } from '../src/config/gateway-env';
import type { EventStream } from '../src/http/event-stream';
import { JobStreams } from '../src/streams/job-streams';
import { relayJobStream } from '../src/streams/event-stream-answers';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
const redis = createRedis(REDIS_URL);

afterAll(async () => {
  await quitRedis(redis);
  await deleteKeysUnderPrefix(REDIS_URL, prefix);
});

async function drain(reading: AsyncGenerator<JobStreamEntry, string>): Promise<string> {
  for (;;) {
    const next = await reading.next();
    if (next.done) return next.value;
  }
}

describe('JobStreams reads', () => {
  it('keeps nothing of a read once it ends, and ends the reads in progress when the gateway stops', async () => {
    const streams = new JobStreams(redis, { REDIS_PREFIX: prefix } as GatewayEnv);
    const finished = await streams.open('u1');
    await finished.done('{"ok":true}');
    for (let index = 0; index < 50; index += 1) {
      expect(await drain(streams.read(finished.id, '0', new AbortController().signal))).toBe('final');
    }
    const left = new AbortController();
    const leaving = drain(streams.read(finished.id, '0', left.signal));
    left.abort();
    await leaving;
    expect(streams.readsInProgress).toBe(0);

    const running = await streams.open('u1');
    const reading = streams.read(running.id, '0', new AbortController().signal);
    expect((await reading.next()).value).toMatchObject({ type: 'open' });
    expect(streams.readsInProgress).toBe(1);
    streams.beforeApplicationShutdown();
    expect(await drain(reading)).toBe('stopped');
    expect(streams.readsInProgress).toBe(0);
    expect(streams.isStopping).toBe(true);
    await running.done('{}');
  });

  it('ends its read when sending an event fails', async () => {
    const streams = new JobStreams(redis, { REDIS_PREFIX: prefix } as GatewayEnv);
    const writer = await streams.open('u1');
    await appendToJobStream(redis, prefix, writer.id, { type: 'delta', text: 'Hello' });
    // A response that fails at its first event (a stand-in for the HTTP response's end of an EventStream).
    const failing = {
      signal: new AbortController().signal,
      send: () => {
        throw new Error('the response cannot be written');
      },
      sendJson: () => undefined,
    } as unknown as EventStream;
    await expect(relayJobStream(failing, streams, writer.id)).rejects.toThrow('cannot be written');
    expect(streams.readsInProgress).toBe(0);
    await writer.done('{}');
  });
});
