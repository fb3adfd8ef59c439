import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportFormat, RenderExportResult } from '@lectern/contracts';
import { EXPORT_FILE_MAX_AGE_MS, EXPORT_FILE_NAME } from '@lectern/queue-runtime';

const PARTIAL = '.part';
const SWEEP_INTERVAL_MS = 60_000;

/** The rendered file, as the export job's result names it. */
export type StoredExport = Pick<RenderExportResult, 'file' | 'bytes'>;

/**
 * The export directory shared with the gateway. A file is written under a `.part` name and renamed once
 * complete, so the gateway never streams half a file; the gateway deletes it after the download, and a
 * sweep removes what was never downloaded.
 */
export class ExportFiles {
  constructor(readonly dir: string) {}

  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  async write(
    format: ExportFormat,
    render: (output: NodeJS.WritableStream) => Promise<void>,
  ): Promise<StoredExport> {
    const file = `${randomUUID()}.${format}`;
    const partial = join(this.dir, file + PARTIAL);
    const output = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    // A write error (a full disk) fails the render instead of leaving it waiting; the listener stays, so a
    // renderer still writing after the stream is destroyed cannot crash the worker.
    const failed = new Promise<never>((_resolve, reject) => output.on('error', reject));
    failed.catch(() => undefined);
    try {
      await Promise.race([once(output, 'open'), failed]);
      await Promise.race([render(output), failed]);
      if (!output.closed) await once(output, 'close');
      await rename(partial, join(this.dir, file));
    } catch (error) {
      output.destroy();
      await unlink(partial).catch(() => undefined);
      throw error;
    }
    const { size } = await stat(join(this.dir, file));
    return { file, bytes: size };
  }

  /** Removes exports (and partial files of a crashed render) older than the maximum age; answers how many. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    const entries = await readdir(this.dir).catch(() => [] as string[]);
    for (const entry of entries) {
      // Only names this worker gives: a misconfigured EXPORT_DIR never loses anyone else's files.
      const name = entry.endsWith(PARTIAL) ? entry.slice(0, -PARTIAL.length) : entry;
      if (!EXPORT_FILE_NAME.test(name)) continue;
      const path = join(this.dir, entry);
      const info = await stat(path).catch(() => null);
      if (!info || now - info.mtimeMs < EXPORT_FILE_MAX_AGE_MS) continue;
      await unlink(path).then(
        () => (removed += 1),
        () => undefined,
      );
    }
    return removed;
  }

  /** Sweeps now and every minute; answers a function that stops it. */
  startSweeping(onError: (error: unknown) => void, intervalMs = SWEEP_INTERVAL_MS): () => void {
    const run = () => void this.sweep().catch(onError);
    run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
