// Started by measureStreamingMemory() in a process of its own: the gateway's streaming of one export file (from
// PostgreSQL's export_files, or the bucket of an EXPORT_S3_URL given as a fourth argument) to a client, and this process's memory growth while it runs, undisturbed by the other tests of a Jest process.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPool } from '@lectern/db';
import { createExportHandOver, parseExportS3Url } from '@lectern/handovers';
import { sendRenderedExport } from '../../src/export/send-rendered-export';

const MB = 2 ** 20;
const [databaseUrl, fileId, bytes, s3Url] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!databaseUrl || !fileId || !bytes || !process.send || !gc)
  throw new Error('run by measureStreamingMemory() with --expose-gc, a database URL, a file id and its size');
const pool = createPool(databaseUrl, { max: 2 });
const s3 = s3Url ? parseExportS3Url(s3Url) : undefined;
if (typeof s3 === 'string') throw new Error(`EXPORT_S3_URL ${s3}`);
const handOver = createExportHandOver({ s3, db: pool });
const send = (message: unknown) => process.send?.(message);

// The download, deletion of the file included: the pool must outlive it.
let sending: Promise<void> = Promise.resolve();
const server = createServer((_req, res) => {
  sending = sendRenderedExport(
    handOver,
    { fileId, bytes: Number(bytes), contentType: 'application/pdf', disposition: 'attachment' },
    res,
  );
});

server.listen(0, '127.0.0.1', () => {
  gc();
  const base = process.memoryUsage();
  const peak = { ...base };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  process.once('message', () => {
    clearInterval(timer);
    sample();
    send({
      rssMb: (peak.rss - base.rss) / MB,
      heapMb: (peak.heapUsed - base.heapUsed) / MB,
      buffersMb: (peak.arrayBuffers - base.arrayBuffers) / MB,
    });
    server.close(
      () =>
        void sending.then(() => Promise.all([handOver.close(), pool.end()])).then(() => process.disconnect()),
    );
  });
  send({ port: (server.address() as AddressInfo).port });
});
