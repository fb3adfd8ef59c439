import { readdirSync } from 'node:fs';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { EXPORT_FILE_MAX_AGE_MS } from '@lectern/db';
import { EXPORT_S3_PREFIX, parseExportS3Url } from '@lectern/handovers';
import { startLocalS3, type LocalS3 } from '../../services/export/test/helpers/local-s3';
import { streamDownload } from '../../services/gateway/test/support';
import {
  signUp,
  startProcessStack,
  until,
  waitReady,
  type ProcessStack,
} from './faults/support/process-stack';

/** A new user analyses the photosynthesis lecture and downloads its TXT export whole. */
async function exportLectureAsTxt(
  stack: ProcessStack,
  label: string,
): Promise<{ response: Response; body: Buffer }> {
  const user = await signUp(stack, label);
  const video = await user.call('POST', '/api/transcripts/fetch', {
    youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101',
  });
  expect(video.status).toBe(200);
  const response = await fetch(`${stack.baseUrl}/api/videos/${video.body.id}/export/txt`, {
    headers: { cookie: user.cookie },
  });
  const body = Buffer.from(await response.arrayBuffer());
  expect(response.status).toBe(200);
  return { response, body };
}

// The built gateway and export worker as separate processes, each with a temporary directory of its own and
// no EXPORT_DIR, as on two hosts without a shared volume: the export reaches the user through PostgreSQL.
describe('exports between hosts that share no disk', () => {
  let stack: ProcessStack;

  beforeAll(async () => {
    stack = await startProcessStack();
    await waitReady(stack, 90_000);
  }, 120_000);
  afterAll(() => stack.stop(), 60_000);

  it('downloads the rendered file whole, and the worker wrote nothing to its disk', async () => {
    const { response, body } = await exportLectureAsTxt(stack, 'two-hosts');
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.toString('utf8')).toContain('[2:40] That is why some plants');

    const [exportWorker] = stack.services.get('export')!;
    const [gateway] = stack.services.get('gateway')!;
    expect(exportWorker!.tempDir).not.toBe(gateway!.tempDir);
    expect(readdirSync(exportWorker!.tempDir)).toEqual([]);
    // Deleted by the gateway once the last byte is sent.
    await until(
      () => stack.sql<{ n: string }>('SELECT count(*) AS n FROM export_files'),
      (rows) => rows[0]?.n === '0',
      5000,
      'the downloaded export deleted',
    );
  }, 60_000);
});

// The same two hosts with EXPORT_S3_URL: the export goes through the bucket (a real s3rver), not PostgreSQL.
describe('exports between hosts that share no disk, through an S3 bucket', () => {
  let s3: LocalS3;
  let stack: ProcessStack;
  let bucket: S3Client;

  beforeAll(async () => {
    s3 = await startLocalS3();
    const config = parseExportS3Url(s3.url);
    if (typeof config === 'string') throw new Error(config);
    bucket = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
    stack = await startProcessStack({ env: { EXPORT_S3_URL: s3.url } });
    await waitReady(stack, 90_000);
  }, 120_000);
  afterAll(async () => {
    await stack.stop();
    bucket.destroy();
    await s3.stop();
  }, 60_000);

  const objectKeys = async () =>
    ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!);
  const bucketEmptied = () =>
    until(objectKeys, (keys) => keys.length === 0, 5000, 'the downloaded export deleted');

  it('downloads the rendered TXT whole; nothing went through PostgreSQL or a disk', async () => {
    const { response, body } = await exportLectureAsTxt(stack, 's3-txt');
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.toString('utf8')).toContain('[2:40] That is why some plants');

    const [exportWorker] = stack.services.get('export')!;
    const [gateway] = stack.services.get('gateway')!;
    expect(exportWorker!.tempDir).not.toBe(gateway!.tempDir);
    expect(readdirSync(exportWorker!.tempDir)).toEqual([]);
    expect(await stack.sql('SELECT 1 FROM export_files')).toEqual([]);
    await bucketEmptied();
    // Put there by the export worker, removed by the gateway after the download.
    const [created] = s3.events.filter((event) => event.startsWith('ObjectCreated:Put exports/'));
    const key = created!.split(' ')[1];
    await until(
      () => Promise.resolve(s3.events),
      (events) => events.includes(`ObjectRemoved:Delete ${key}`),
      5000,
      'the gateway deleting the object',
    );
  }, 60_000);

  it('streams the ten-hour PDF from the bucket to a slow client, then deletes it', async () => {
    const removedBefore = s3.events.filter((event) => event.startsWith('ObjectRemoved:')).length;
    const user = await signUp(stack, 's3-pdf');
    await stack.sql(`UPDATE users SET plan = 'pro' WHERE id = $1`, [user.id]);
    const video = await user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://www.youtube.com/watch?v=tenHourLong',
    });
    expect(video.status).toBe(200);

    const download = await streamDownload(
      `${stack.baseUrl}/api/videos/${video.body.id}/export/pdf`,
      user.cookie,
      {
        pauseEveryBytes: 128 * 1024,
      },
    );
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.bytes).toBe(Number(download.headers['content-length']));
    // Past a few parts of the upload: a file the worker sent in pieces, whole again.
    expect(download.bytes).toBeGreaterThan(1024 * 1024);
    expect(download.head.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(download.tail.toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(await stack.sql('SELECT 1 FROM export_files')).toEqual([]);
    await bucketEmptied();
    await until(
      () => Promise.resolve(s3.events.filter((event) => event.startsWith('ObjectRemoved:')).length),
      (removed) => removed === removedBefore + 1,
      5000,
      'the gateway deleting the object',
    );
  }, 120_000);

  it('sweeps an export nobody downloaded once it is 15 minutes old, and leaves a fresh one', async () => {
    const old = `${EXPORT_S3_PREFIX}7d1f0a52-4f57-4d0a-9a1e-0c7cbbd0b001`;
    const fresh = `${EXPORT_S3_PREFIX}7d1f0a52-4f57-4d0a-9a1e-0c7cbbd0b002`;
    for (const key of [old, fresh])
      await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'never fetched' }));
    s3.backdate(old, EXPORT_FILE_MAX_AGE_MS + 60_000);
    // An export worker sweeps when it starts (and every minute after).
    stack.start('export');
    await until(objectKeys, (keys) => !keys.includes(old), 30_000, 'the old export swept');
    expect(await objectKeys()).toEqual([fresh]);
  }, 60_000);
});
