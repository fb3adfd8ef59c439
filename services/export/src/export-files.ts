import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ExportFormat, RenderExportResult } from '@lectern/contracts';
import {
  appendExportFileChunk,
  completeExportFile,
  createPool,
  deleteExportFile,
  deleteExportFilesOlderThan,
  insertExportFile,
  type StoreOptions,
} from '@lectern/db';
import type { Pool } from 'pg';

const SWEEP_INTERVAL_MS = 60_000;
/** The size of an `export_file_chunks` row (the last one of a file is shorter). */
export const EXPORT_CHUNK_BYTES = 256 * 1024;

/** The rendered file, as the export job's result names it. */
export type StoredExport = Pick<RenderExportResult, 'fileId' | 'bytes'>;

/**
 * Rendered exports handed to the gateway through PostgreSQL (`export_files`), so the two need no shared disk.
 * A file is written in chunks and marked complete (its size set) only once whole, so the gateway never
 * streams half a file; the gateway deletes it after the download, and a sweep removes what was never fetched.
 */
export class ExportFiles {
  private readonly pool: Pool;

  constructor(options: StoreOptions) {
    this.pool = createPool(options.databaseUrl, {
      max: options.maxConnections,
      onError: options.onPoolError,
    });
  }

  async write(
    userId: string,
    format: ExportFormat,
    render: (output: NodeJS.WritableStream) => Promise<void>,
  ): Promise<StoredExport> {
    const fileId = await insertExportFile(this.pool, { userId, format });
    const output = new ChunkedFileWriter((seq, data) => appendExportFileChunk(this.pool, fileId, seq, data));
    // A failed chunk insert fails the render instead of leaving it waiting; the listener stays, so a renderer
    // still writing after the stream is destroyed cannot crash the worker.
    const failed = new Promise<never>((_resolve, reject) => output.on('error', reject));
    failed.catch(() => undefined);
    try {
      await Promise.race([render(output), failed]);
      await Promise.race([finished(output), failed]);
      await completeExportFile(this.pool, fileId, output.bytes);
    } catch (error) {
      output.destroy();
      await deleteExportFile(this.pool, fileId).catch(() => undefined);
      throw error;
    }
    return { fileId, bytes: output.bytes };
  }

  /** Removes exports (and half-written ones of a crashed render) older than the maximum age; answers how many. */
  sweep(): Promise<number> {
    return deleteExportFilesOlderThan(this.pool);
  }

  /** Sweeps now and every minute; answers a function that stops it. */
  startSweeping(onError: (error: unknown) => void, intervalMs = SWEEP_INTERVAL_MS): () => void {
    const run = () => void this.sweep().catch(onError);
    run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Gathers what a renderer writes into chunks of EXPORT_CHUNK_BYTES and stores each before taking more. */
class ChunkedFileWriter extends Writable {
  bytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;

  constructor(private readonly store: (seq: number, data: Buffer) => Promise<void>) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.bytes += chunk.length;
    if (this.pendingBytes < EXPORT_CHUNK_BYTES) return callback();
    this.storeChunks(false).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.storeChunks(true).then(() => callback(), callback);
  }

  private async storeChunks(all: boolean): Promise<void> {
    let data = Buffer.concat(this.pending, this.pendingBytes);
    while (data.length >= EXPORT_CHUNK_BYTES || (all && data.length > 0)) {
      const chunk = data.subarray(0, EXPORT_CHUNK_BYTES);
      await this.store(this.seq, chunk);
      this.seq += 1;
      data = data.subarray(chunk.length);
    }
    this.pending = data.length > 0 ? [data] : [];
    this.pendingBytes = data.length;
  }
}
