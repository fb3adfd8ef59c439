import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  appendExportFileChunk,
  completeExportFile,
  deleteExportFile,
  deleteExportFilesOlderThan,
  EXPORT_FILE_MAX_AGE_MS,
  findCompleteExportFile,
  insertExportFile,
  readExportFileChunks,
  type Db,
} from '@lectern/db';
import type { ExportHandOver, HandedOverFile } from './hand-over';

/** The size of an `export_file_chunks` row (the last one of a file is shorter). */
export const EXPORT_CHUNK_BYTES = 256 * 1024;

/**
 * Rendered exports in `export_files` / `export_file_chunks`: written in chunks and marked complete (its size
 * set) only once whole, so the gateway never streams half a file; read back a few chunks at a time.
 */
export class PostgresHandOver implements ExportHandOver {
  /** `db` stays the caller's: `close` leaves it open. */
  constructor(private readonly db: Db) {}

  async write(
    userId: string,
    format: string,
    render: (output: NodeJS.WritableStream) => Promise<void>,
  ): Promise<HandedOverFile> {
    const fileId = await insertExportFile(this.db, { userId, format });
    const output = new ChunkedFileWriter((seq, data) => appendExportFileChunk(this.db, fileId, seq, data));
    // A failed chunk insert fails the render instead of leaving it waiting; the listener stays, so a renderer
    // still writing after the stream is destroyed cannot crash the worker.
    const failed = new Promise<never>((_resolve, reject) => output.on('error', reject));
    failed.catch(() => undefined);
    try {
      await Promise.race([render(output), failed]);
      await Promise.race([finished(output), failed]);
      await completeExportFile(this.db, fileId, output.bytes);
    } catch (error) {
      output.destroy();
      await deleteExportFile(this.db, fileId).catch(() => undefined);
      throw error;
    }
    return { fileId, userId, format, bytes: output.bytes };
  }

  async find(fileId: string): Promise<HandedOverFile | null> {
    const row = await findCompleteExportFile(this.db, fileId);
    return row ? { fileId: row.id, userId: row.user_id, format: row.format, bytes: row.bytes! } : null;
  }

  read(fileId: string): Promise<Readable> {
    // One chunk waits at most in the stream's buffer: the next query runs only when the consumer has read on.
    return Promise.resolve(Readable.from(readExportFileChunks(this.db, fileId), { highWaterMark: 1 }));
  }

  async delete(fileId: string): Promise<void> {
    await deleteExportFile(this.db, fileId);
  }

  /** By the database's clock (`now` shifts it), so every process sweeps alike. */
  sweep(now?: Date): Promise<number> {
    const shift = now === undefined ? 0 : now.getTime() - Date.now();
    return deleteExportFilesOlderThan(this.db, EXPORT_FILE_MAX_AGE_MS - shift);
  }

  close(): Promise<void> {
    return Promise.resolve();
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
