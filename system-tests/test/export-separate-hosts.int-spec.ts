import { readdirSync } from 'node:fs';
import {
  signUp,
  startProcessStack,
  until,
  waitReady,
  type ProcessStack,
} from './faults/support/process-stack';

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
    const user = await signUp(stack, 'two-hosts');
    const video = await user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101',
    });
    expect(video.status).toBe(200);

    const response = await fetch(`${stack.baseUrl}/api/videos/${video.body.id}/export/txt`, {
      headers: { cookie: user.cookie },
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
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
