import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { EXPORT_S3_PREFIX, parseExportS3Url } from '@lectern/handovers';
import { createTestDatabase, type TestDatabase } from '@lectern/db/testing';
import { startLocalS3, type LocalS3 } from '../../services/export/test/helpers/local-s3';
import { sessionCookie, uniqueEmail, measureStreamingMemory } from '../../services/gateway/test/support';
import {
  docxPart,
  listeningAddress,
  pdfText,
  startExportStack,
  streamDownload,
  type ExportStack,
} from './support/export-fixtures';

const MB = 2 ** 20;

// The ten-hour fixture (12,000 captions) through the whole stack, in every format; then a file far larger than
// any export through the gateway's streaming, in a process of its own, to show memory does not grow with it.
describe('exporting a ten-hour video', () => {
  let stack: ExportStack;
  let base: string;
  let cookie: string;
  let videoId: string;
  let downloads: string;

  beforeAll(async () => {
    stack = await startExportStack();
    base = await listeningAddress(stack.gateway);
    downloads = mkdtempSync(join(tmpdir(), 'lectern-downloads-'));
    const signup = await stack.gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail('marathon'), password: 'correct horse', name: 'Marathon' });
    cookie = sessionCookie(signup)!;
    await stack.db.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [signup.body.id]);
    const analysed = await stack.gateway
      .http()
      .post('/api/transcripts/fetch')
      .set('Cookie', cookie)
      .send({ youtubeUrl: 'https://www.youtube.com/watch?v=tenHourLong' });
    expect(analysed.status).toBe(200);
    videoId = analysed.body.id as string;
  }, 120_000);
  afterAll(async () => {
    await stack.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it.each(['txt', 'pdf', 'docx'])(
    'exports it as %s, well-formed, to a slow client',
    async (format) => {
      const path = join(downloads, `ten-hours.${format}`);
      const file = createWriteStream(path);
      const download = await streamDownload(`${base}/api/videos/${videoId}/export/${format}`, cookie, {
        onChunk: (chunk) => file.write(chunk),
        pauseEveryBytes: 128 * 1024,
      });
      await new Promise((resolve) => file.end(resolve));

      expect(download.status).toBe(200);
      expect(download.bytes).toBe(Number(download.headers['content-length']));
      expect(download.headers['content-disposition']).toContain(
        `filename="The_Complete_Study_Marathon__10_hours_.${format}"`,
      );
      expect(await stack.exportFileCount()).toBe(0);

      const bytes = readFileSync(path);
      if (format === 'txt') {
        const text = bytes.toString('utf8');
        expect(text.startsWith('The Complete Study Marathon (10 hours)\n')).toBe(true);
        expect(text).toContain('Part 120. ');
        expect(text).toMatch(/\n\[9:59:\d\d\] /);
        expect(text.split('\n\n[').length).toBeGreaterThan(600);
      } else if (format === 'pdf') {
        expect(download.tail.toString('latin1')).toMatch(/%%EOF\s*$/);
        const { text, pages } = await pdfText(bytes);
        expect(pages).toBeGreaterThan(100);
        expect(text).toContain(`Page ${pages}`);
        expect(text).toContain('Part 120.');
        expect(text).toContain('[9:59:');
      } else {
        const xml = await docxPart(bytes);
        expect(xml.endsWith('</w:document>')).toBe(true);
        expect(xml).toContain('Part 120.');
        expect(xml).toContain('[9:59:');
      }
    },
    120_000,
  );

  it('streams a file far larger than any export without holding it in memory, then deletes it', async () => {
    const size = 512 * MB;
    const chunk = 256 * 1024;
    const [user] = await stack.db.query<[{ id: string }]>(`SELECT id FROM users LIMIT 1`);
    const [file] = await stack.db.query<[{ id: string }]>(
      `INSERT INTO export_files (user_id, format, bytes) VALUES ($1, 'pdf', $2) RETURNING id`,
      [user.id, size],
    );
    // Written by PostgreSQL itself: 2,048 chunks of 256 KB, as the export worker stores them.
    await stack.db.query(
      `INSERT INTO export_file_chunks (file_id, seq, data)
       SELECT $1, seq, decode(repeat('00', $2), 'hex') FROM generate_series(0, $3 - 1) AS seq`,
      [file.id, chunk, size / chunk],
    );
    // Measured from before the request: a gateway that read the file whole would do it before the first byte.
    const streamed = await measureStreamingMemory(
      { databaseUrl: stack.gateway.env.DATABASE_URL, fileId: file.id, bytes: size },
      { pauseEveryBytes: 8 * MB },
    );
    expect(streamed.download.status).toBe(200);
    expect(streamed.download.bytes).toBe(size);
    // A quarter of the file: holding it, or any large part of it, would not fit.
    expect(streamed.rssMb).toBeLessThan(size / 4 / MB);
    expect(streamed.heapMb + streamed.buffersMb).toBeLessThan(size / 4 / MB);
    expect(await stack.exportFileCount()).toBe(0);
  }, 120_000);
});

// The same through an S3 bucket (EXPORT_S3_URL, a real s3rver): the gateway pipes the object's body to the user.
describe('streaming a large export from an S3 bucket', () => {
  let s3: LocalS3;
  let database: TestDatabase;

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    await s3.stop();
  });

  it('streams an object far larger than any export without holding it in memory, then deletes it', async () => {
    const size = 256 * MB;
    const config = parseExportS3Url(s3.url);
    if (typeof config === 'string') throw new Error(config);
    const client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
    const fileId = randomUUID();
    const zeros = Buffer.alloc(MB);
    await new Upload({
      client,
      params: {
        Bucket: s3.bucket,
        Key: `${EXPORT_S3_PREFIX}${fileId}`,
        Body: Readable.from(
          (function* () {
            for (let i = 0; i < size / MB; i += 1) yield zeros;
          })(),
        ),
      },
    }).done();

    const streamed = await measureStreamingMemory(
      { databaseUrl: database.url, fileId, bytes: size, s3Url: s3.url },
      { pauseEveryBytes: 8 * MB },
    );
    expect(streamed.download.status).toBe(200);
    expect(streamed.download.bytes).toBe(size);
    expect(streamed.rssMb).toBeLessThan(size / 4 / MB);
    expect(streamed.heapMb + streamed.buffersMb).toBeLessThan(size / 4 / MB);
    const left = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect(left.Contents ?? []).toEqual([]);
    client.destroy();
  }, 120_000);
});
