import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExportService } from '../src/export/export.service';
import { sessionCookie, uniqueEmail } from './support/test-gateway';
import {
  docxPart,
  listeningAddress,
  pdfText,
  startExportStack,
  streamDownload,
  type ExportStack,
} from './support/export-fixtures';

const MB = 2 ** 20;

/** Samples this process's memory while a download streams: the growth over the moment it started. */
function memoryWatch() {
  let base = process.memoryUsage();
  let peakRss = base.rss;
  let peakBuffers = base.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  return {
    start() {
      base = process.memoryUsage();
      peakRss = base.rss;
      peakBuffers = base.arrayBuffers;
    },
    sample,
    stop() {
      clearInterval(timer);
      sample();
      return { rssMb: (peakRss - base.rss) / MB, buffersMb: (peakBuffers - base.arrayBuffers) / MB };
    },
  };
}

// The ten-hour fixture (12,000 captions) through the whole stack, in every format; then a file far larger than
// any export through the gateway's streaming, to show memory does not grow with the file.
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
    'exports it as %s, well-formed, while the gateway streams in little memory',
    async (format) => {
      const path = join(downloads, `ten-hours.${format}`);
      const file = createWriteStream(path);
      const memory = memoryWatch();
      const download = await streamDownload(`${base}/api/videos/${videoId}/export/${format}`, cookie, {
        // The file is rendered by the time the answer starts: from here on it is the gateway streaming it.
        onFirstByte: () => memory.start(),
        onChunk: (chunk) => file.write(chunk),
        pauseEveryBytes: 128 * 1024,
      });
      const growth = memory.stop();
      await new Promise((resolve) => file.end(resolve));

      expect(download.status).toBe(200);
      expect(download.bytes).toBe(Number(download.headers['content-length']));
      expect(download.headers['content-disposition']).toContain(
        `filename="The_Complete_Study_Marathon__10_hours_.${format}"`,
      );
      expect(growth.rssMb).toBeLessThan(48);
      expect(stack.exportDirEntries()).toEqual([]);

      const bytes = readFileSync(path);
      if (format === 'txt') {
        const text = bytes.toString('utf8');
        expect(text.startsWith('The Complete Study Marathon (10 hours)\n')).toBe(true);
        expect(text).toContain('Part 120. ');
        expect(text).toMatch(/\n\[599:\d\d\] /);
        expect(text.split('\n\n[').length).toBeGreaterThan(600);
      } else if (format === 'pdf') {
        expect(download.tail.toString('latin1')).toMatch(/%%EOF\s*$/);
        const { text, pages } = await pdfText(bytes);
        expect(pages).toBeGreaterThan(100);
        expect(text).toContain(`Page ${pages}`);
        expect(text).toContain('Part 120.');
        expect(text).toContain('[599:');
      } else {
        const xml = await docxPart(bytes);
        expect(xml.endsWith('</w:document>')).toBe(true);
        expect(xml).toContain('Part 120.');
        expect(xml).toContain('[599:');
      }
    },
    120_000,
  );

  it('streams a file far larger than any export without holding it in memory, then deletes it', async () => {
    const service = stack.gateway.app.get(ExportService);
    const size = 256 * MB;
    const path = join(stack.exportDir, '00000000-0000-4000-8000-00000000abcd.pdf');
    writeFileSync(path, '');
    truncateSync(path, size);
    const server: Server = createServer((_req, res) => {
      void service.send({ path, contentType: 'application/pdf', disposition: 'attachment' }, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // Measured from before the request: a gateway that read the file whole would do it before the first byte.
      const memory = memoryWatch();
      const download = await streamDownload(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        '',
      );
      const growth = memory.stop();
      expect(download.status).toBe(200);
      expect(download.bytes).toBe(size);
      expect(growth.rssMb).toBeLessThan(64);
      expect(growth.buffersMb).toBeLessThan(64);
      expect(existsSync(path)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
