import { randomBytes, randomUUID } from 'node:crypto';
import {
  JobDeltaStreams,
  appendToJobStream,
  jobStreamKey,
  jobStreamReaderName,
  readJobStream,
  type JobStreamEntry,
} from '../src/job-stream';
import { createRedis, deleteKeysUnderPrefix, quitRedis } from '../src/redis';
import { JobRequester } from '../src/job-requester';
import { createLogger } from '../src/logger';
import { startQueueWorker, type JobHandlers } from '../src/queue-worker';

const REDIS_URL = process.env.LECTERN_TEST_REDIS_URL!;
const prefix = `lectern-test-${randomBytes(5).toString('hex')}`;
const redis = createRedis(REDIS_URL);

afterAll(async () => {
  await quitRedis(redis);
  await deleteKeysUnderPrefix(REDIS_URL, prefix);
});

async function collect(
  reading: AsyncGenerator<JobStreamEntry, string>,
): Promise<{ entries: JobStreamEntry[]; ended: string }> {
  const entries: JobStreamEntry[] = [];
  for (;;) {
    const next = await reading.next();
    if (next.done) return { entries, ended: next.value };
    entries.push(next.value);
  }
}

const readerCount = async () =>
  ((await redis.client('LIST')) as string)
    .split('\n')
    .filter((line) => line.includes(` name=${jobStreamReaderName(prefix)} `)).length;

describe('job streams', () => {
  it('reads every entry from the start, even written before the reader came, up to the final one', async () => {
    const id = randomUUID();
    await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'u1' });
    await appendToJobStream(redis, prefix, id, { type: 'delta', text: 'Hello ' });
    const reading = collect(readJobStream(redis, prefix, id, { blockMs: 200 }));
    await appendToJobStream(redis, prefix, id, { type: 'delta', text: 'world' });
    await appendToJobStream(redis, prefix, id, { type: 'done', body: '{"ok":true}' });
    await appendToJobStream(redis, prefix, id, { type: 'delta', text: 'after the end' });
    const { entries, ended } = await reading;
    expect(ended).toBe('final');
    expect(entries.map(({ id: _id, ...entry }) => entry)).toEqual([
      { type: 'open', owner: 'u1' },
      { type: 'delta', text: 'Hello ' },
      { type: 'delta', text: 'world' },
      { type: 'done', body: '{"ok":true}' },
    ]);
    // From after an entry id: only what follows it.
    const resumed = await collect(readJobStream(redis, prefix, id, { after: entries[1]!.id }));
    expect(resumed.entries.map((entry) => entry.type)).toEqual(['delta', 'done']);
    expect(await redis.ttl(jobStreamKey(prefix, id))).toBeGreaterThan(0);
  });

  it('stops at the signal and closes its own connection', async () => {
    const id = randomUUID();
    await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'u1' });
    const controller = new AbortController();
    const reading = collect(readJobStream(redis, prefix, id, { signal: controller.signal, blockMs: 10_000 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readerCount()).toBe(1);
    controller.abort();
    expect((await reading).ended).toBe('stopped');
    expect(await readerCount()).toBe(0);
  });

  it('ends as expired when the stream is gone', async () => {
    const id = randomUUID();
    await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'u1' });
    const reading = collect(readJobStream(redis, prefix, id, { blockMs: 100 }));
    await redis.del(jobStreamKey(prefix, id));
    expect((await reading).ended).toBe('expired');
  });

  it('publishes pieces in order, coalescing those that wait, only for a job whose stream is open', async () => {
    const streams = new JobDeltaStreams(redis, prefix);
    const errors: unknown[] = [];
    expect(
      await streams.publisherFor({ id: randomUUID(), attemptsMade: 0 }, (e) => errors.push(e)),
    ).toBeNull();

    const id = randomUUID();
    await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'u1' });
    const publisher = (await streams.publisherFor({ id, attemptsMade: 0 }, (e) => errors.push(e)))!;
    const words = Array.from({ length: 200 }, (_, index) => `w${index} `);
    for (const word of words) publisher.publish(word);
    await publisher.flush();
    const deltas = (await redis.xrange(jobStreamKey(prefix, id), '-', '+'))
      .slice(1)
      .map(([, fields]) => fields[3]);
    expect(deltas.join('')).toBe(words.join(''));
    expect(deltas.length).toBeLessThan(words.length);
    expect(errors).toEqual([]);
  });

  it('starts the text over when a job runs again without a counted attempt (a stall, a stopping worker)', async () => {
    const streams = new JobDeltaStreams(redis, prefix);
    const errors: unknown[] = [];
    const types = async (id: string) =>
      (await redis.xrange(jobStreamKey(prefix, id), '-', '+')).map(([, fields]) => fields[1]);

    const id = randomUUID();
    await appendToJobStream(redis, prefix, id, { type: 'open', owner: 'u1' });
    const first = (await streams.publisherFor({ id, attemptsMade: 0 }, (e) => errors.push(e)))!;
    first.publish('partial text of the first run');
    await first.flush();
    const second = (await streams.publisherFor({ id, attemptsMade: 0 }, (e) => errors.push(e)))!;
    second.publish('full text');
    await second.flush();
    expect(await types(id)).toEqual(['open', 'delta', 'reset', 'delta']);
    // Run again once more: the text since the last reset is dropped too.
    await streams.publisherFor({ id, attemptsMade: 0 }, (e) => errors.push(e));
    expect(await types(id)).toEqual(['open', 'delta', 'reset', 'delta', 'reset']);
    // A run that wrote nothing (or a reset already last) needs no other reset.
    await streams.publisherFor({ id, attemptsMade: 1 }, (e) => errors.push(e));
    expect(await types(id)).toEqual(['open', 'delta', 'reset', 'delta', 'reset']);

    const quiet = randomUUID();
    await appendToJobStream(redis, prefix, quiet, { type: 'open', owner: 'u1' });
    await streams.publisherFor({ id: quiet, attemptsMade: 0 }, (e) => errors.push(e));
    await streams.publisherFor({ id: quiet, attemptsMade: 0 }, (e) => errors.push(e));
    expect(await types(quiet)).toEqual(['open']);
    expect(errors).toEqual([]);
  });

  it('gives a requested job the id the caller chose', async () => {
    const requester = new JobRequester(REDIS_URL, prefix);
    await requester.init();
    const worker = await startQueueWorker({
      queue: 'mail',
      handlers: {} as unknown as JobHandlers<'mail'>,
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 1,
      logger: createLogger('job-stream-test', 'silent'),
    });
    try {
      const id = randomUUID();
      await requester.request(
        'mail',
        'ping',
        { sentAt: Date.now() },
        { lane: 'free', timeoutMs: 5000, jobId: id },
      );
      const queue = requester.queues().find((q) => q.name === 'mail-free')!;
      expect((await queue.getJob(id))?.name).toBe('ping');
    } finally {
      await worker.close();
      await requester.close();
    }
  });
});
