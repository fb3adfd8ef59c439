import { Readable } from 'node:stream';
import { createPool, findMediaFile, insertUser } from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { MEDIA_CHUNK_BYTES, MediaOffsetConflict, MediaStore, parseExportS3Url } from '@lectern/handovers';
import type { Pool } from 'pg';
import { startLocalS3, type LocalS3 } from '../../../services/export/test/helpers/local-s3';

// The media store as the resumable upload will use it (create, append at an offset, finish) and the media worker
// reads it (a stream), with the bytes in PostgreSQL or in a real S3-compatible server (s3rver).
let database: TestDatabase;
let pool: Pool;
let s3: LocalS3;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 4 });
  s3 = await startLocalS3();
  userId = (await insertUser(pool, { email: 'uploader@example.com', name: null, passwordHash: 'h' })).id;
});
afterAll(async () => {
  await pool.end();
  await database.drop();
  await s3.stop();
});

const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 7 + seed) % 251));
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A request body that sends `data`, then breaks off as a dropped connection does. */
function droppedAfter(data: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return this.destroy(new Error('connection reset'));
      sent = true;
      this.push(data);
    },
  });
}

describe.each([
  ['PostgreSQL', () => new MediaStore(pool)],
  [
    'an S3 bucket',
    () => {
      const config = parseExportS3Url(s3.url);
      if (typeof config === 'string') throw new Error(config);
      return new MediaStore(pool, config);
    },
  ],
] as const)('the media store in %s', (where, makeStore) => {
  let store: MediaStore;
  beforeAll(() => {
    store = makeStore();
  });
  afterAll(() => store.close());

  it('keeps appends in order, refuses one at a wrong offset, and streams the whole back once finished', async () => {
    const whole = bytes(MEDIA_CHUNK_BYTES * 2 + 1234, 3);
    const mediaId = await store.create({
      userId,
      fileName: 'lecture.m4a',
      contentType: 'audio/mp4',
      declaredBytes: whole.length,
    });
    const first = whole.subarray(0, MEDIA_CHUNK_BYTES + 100);
    expect(await store.append(mediaId, 0, Readable.from([first]))).toBe(first.length);
    // The same chunk sent again, or one starting elsewhere, is refused and changes nothing.
    await expect(store.append(mediaId, 0, Readable.from([first]))).rejects.toBeInstanceOf(
      MediaOffsetConflict,
    );
    await expect(store.append(mediaId, 5, Readable.from([first]))).rejects.toBeInstanceOf(
      MediaOffsetConflict,
    );
    await expect(store.finish(mediaId)).rejects.toThrow(/has \d+ of its \d+ bytes/);
    const end = whole.length - 500;
    expect(
      await store.append(mediaId, first.length, Readable.from([whole.subarray(first.length, end)])),
    ).toBe(end);
    // Bytes past the declared size are refused, and nothing of them is kept.
    await expect(
      store.append(mediaId, end, Readable.from([Buffer.concat([whole.subarray(end), bytes(1, 0)])])),
    ).rejects.toBeInstanceOf(MediaOffsetConflict);
    expect((await store.find(mediaId))!.received_bytes).toBe(end);

    expect(await store.append(mediaId, end, Readable.from([whole.subarray(end)]))).toBe(whole.length);
    await store.finish(mediaId);
    await store.finish(mediaId);
    expect(await store.find(mediaId)).toMatchObject({
      received_bytes: whole.length,
      file_name: 'lecture.m4a',
    });
    expect((await readAll(store.read(mediaId))).equals(whole)).toBe(true);

    await store.delete(mediaId);
    await store.delete(mediaId);
    expect(await store.find(mediaId)).toBeNull();
  });

  it('after a dropped connection, continues where the kept bytes end', async () => {
    const whole = bytes(MEDIA_CHUNK_BYTES * 3, 9);
    const mediaId = await store.create({
      userId,
      fileName: 'talk.mp3',
      contentType: null,
      declaredBytes: null,
    });
    const sentBeforeDrop = whole.subarray(0, MEDIA_CHUNK_BYTES + MEDIA_CHUNK_BYTES / 2);
    await expect(store.append(mediaId, 0, droppedAfter(sentBeforeDrop))).rejects.toThrow('connection reset');
    // What PostgreSQL kept are the whole chunks that arrived; a bucket keeps an object only whole, so nothing.
    const kept = (await findMediaFile(pool, mediaId))!.received_bytes;
    expect(kept).toBe(where === 'PostgreSQL' ? MEDIA_CHUNK_BYTES : 0);

    await store.append(mediaId, kept, Readable.from([whole.subarray(kept)]));
    await store.finish(mediaId);
    expect((await findMediaFile(pool, mediaId))!.declared_bytes).toBe(whole.length);
    expect((await readAll(store.read(mediaId))).equals(whole)).toBe(true);
    await store.delete(mediaId);
  });
});
