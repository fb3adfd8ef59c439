import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { EXPORT_FILE_MAX_AGE_MS, insertUser } from '@lectern/db';
import { EXPORT_S3_PREFIX, parseExportS3Url, S3HandOver } from '@lectern/handovers';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { Pool } from 'pg';
import { ExportFiles } from '../src/export-files';
import { startLocalS3, type LocalS3 } from './helpers/local-s3';

const MB = 2 ** 20;

// With EXPORT_S3_URL, rendered exports go to the bucket (a real s3rver here), never to PostgreSQL.
describe('ExportFiles with an S3 bucket', () => {
  let s3: LocalS3;
  let database: TestDatabase;
  let files: ExportFiles;
  let handOver: S3HandOver;
  let client: S3Client;
  let userId: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await createTestDatabase();
    const config = parseExportS3Url(s3.url);
    if (typeof config === 'string') throw new Error(config);
    files = new ExportFiles({ databaseUrl: database.url, maxConnections: 2, s3: config });
    handOver = files.handOver as S3HandOver;
    client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
    const pool = new Pool({ connectionString: database.url, max: 1 });
    userId = (await insertUser(pool, { email: 'writer@example.com', name: null, passwordHash: 'h' })).id;
    await pool.end();
  });
  afterAll(async () => {
    client.destroy();
    await files.close();
    await database.drop();
    await s3.stop();
  });

  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key);
  const read = async (fileId: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await handOver.read(fileId)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const writeText = (text: string) =>
    files.write(userId, 'txt', async (output) => {
      await new Promise<void>((resolve) => output.end(text, resolve));
    });

  it('uploads what the renderer writes, in parts, with its owner and format, and nothing to PostgreSQL', async () => {
    // Over two 5 MB parts: a multipart upload, written as the renderers write.
    const body = Buffer.alloc(11 * MB + 7);
    for (let i = 0; i < body.length; i += 1) body[i] = i % 251;
    const stored = await files.write(userId, 'pdf', async (output) => {
      output.write(body.subarray(0, 5));
      for (let at = 5; at < body.length; at += 64 * 1024) {
        const more = output.write(body.subarray(at, Math.min(at + 64 * 1024, body.length)));
        if (!more) await new Promise((resolve) => output.once('drain', resolve));
      }
      await new Promise<void>((resolve) => output.end(resolve));
    });
    expect(stored.bytes).toBe(body.length);
    expect(await handOver.find(stored.fileId)).toEqual({
      fileId: stored.fileId,
      userId,
      format: 'pdf',
      bytes: body.length,
    });
    expect((await read(stored.fileId)).equals(body)).toBe(true);
    expect(await database.query('SELECT 1 FROM export_files')).toEqual([]);

    await handOver.delete(stored.fileId);
    expect(await handOver.find(stored.fileId)).toBeNull();
    expect(await keys()).toEqual([]);
  });

  it('leaves nothing behind when rendering fails, its first part already uploaded', async () => {
    await expect(
      files.write(userId, 'pdf', async (output) => {
        output.write(Buffer.alloc(6 * MB));
        // Let the first part go up before the renderer gives out.
        await new Promise((resolve) => setTimeout(resolve, 200));
        throw new Error('font missing');
      }),
    ).rejects.toThrow('font missing');
    expect(await keys()).toEqual([]);
  });

  it('answers null for a file that is not there', async () => {
    expect(await handOver.find('8a4d6c35-07b4-4a8e-9a55-3f7f3a1c2b00')).toBeNull();
  });

  it('sweeps exports older than the maximum age, and nothing else in the bucket', async () => {
    const old = await writeText('old');
    const fresh = await writeText('fresh');
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'elsewhere/keep.txt', Body: 'keep' }));
    s3.backdate(`${EXPORT_S3_PREFIX}${old.fileId}`, EXPORT_FILE_MAX_AGE_MS + 60_000);
    s3.backdate('elsewhere/keep.txt', EXPORT_FILE_MAX_AGE_MS + 60_000);

    expect(await files.sweep()).toBe(1);
    expect(await handOver.find(old.fileId)).toBeNull();
    expect(await handOver.find(fresh.fileId)).not.toBeNull();
    expect(await keys()).toEqual(['elsewhere/keep.txt', `${EXPORT_S3_PREFIX}${fresh.fileId}`]);

    // By an injected clock, the fresh one's turn comes 15 minutes on.
    expect(await files.sweep(new Date(Date.now() + EXPORT_FILE_MAX_AGE_MS - 60_000))).toBe(0);
    expect(await files.sweep(new Date(Date.now() + EXPORT_FILE_MAX_AGE_MS + 60_000))).toBe(1);
    expect(await keys()).toEqual(['elsewhere/keep.txt']);
  });
});
