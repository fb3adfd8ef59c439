import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { LECTURE, speakLecture } from '@lectern/fakes/transcribe';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOADS_PATH } from '@lectern/contracts';
import * as tus from 'tus-js-client';
import { startLocalS3, type LocalS3 } from '../../export/test/helpers/local-s3';
import { gatewayDb, startTestGateway, uniqueEmail, type TestGateway } from './support';

// Recordings kept in an S3 bucket (EXPORT_S3_URL, a real S3-compatible server here): their objects are the user's
// as much as their rows, so deleting the account deletes them too.
jest.setTimeout(120_000);

describe('uploaded recordings kept in a bucket', () => {
  let s3: LocalS3;
  let gateway: TestGateway;
  let base: string;
  let folder: string;
  let recording: Buffer;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'lectern-upload-s3-'));
    const lecture = await speakLecture(folder, LECTURE.slice(0, 3), { pauseAfter: () => 1, format: 'wav' });
    recording = await readFile(lecture.file);
    s3 = await startLocalS3();
    gateway = await startTestGateway({ EXPORT_S3_URL: s3.url });
    await gateway.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await s3?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('are deleted from the bucket with the account', async () => {
    const signup = await gateway
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail('bucket'), password: 'correct horse', name: 'Bucket' });
    const userId = (signup.body as { id: string }).id;
    await gatewayDb(gateway).query("UPDATE users SET plan = 'pro' WHERE id = $1", [userId]);
    const cookie = (signup.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;

    await new Promise<void>((resolve, reject) => {
      new tus.Upload(recording, {
        endpoint: `${base}${UPLOADS_PATH}`,
        headers: { Cookie: cookie },
        metadata: { filename: 'Seminar.wav', filetype: 'audio/wav' },
        chunkSize: Math.ceil(recording.length / 3),
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    const stored = s3.events
      .filter((event) => event.startsWith('ObjectCreated:'))
      .map((e) => e.split(' ')[1]);
    expect(stored.length).toBeGreaterThanOrEqual(3);

    const deleted = await gateway
      .http()
      .delete('/api/auth/me')
      .set('Cookie', cookie)
      .send({ password: 'correct horse' });
    expect(deleted.status).toBe(200);

    const removed = s3.events
      .filter((event) => event.startsWith('ObjectRemoved:'))
      .map((e) => e.split(' ')[1]);
    expect(removed.sort()).toEqual([...stored].sort());
    const left = await gatewayDb(gateway).query('SELECT 1 FROM media_files WHERE user_id = $1', [userId]);
    expect(left.rows).toEqual([]);
  });
});
