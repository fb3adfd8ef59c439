import type { ExportFormat, RenderExportResult } from '@lectern/contracts';
import { createPool, type StoreOptions } from '@lectern/db';
import { createExportHandOver, type ExportHandOver, type ExportS3Config } from '@lectern/handovers';
import type { Pool } from 'pg';

export { EXPORT_CHUNK_BYTES } from '@lectern/handovers';

const SWEEP_INTERVAL_MS = 60_000;

/** The rendered file, as the export job's result names it. */
export type StoredExport = Pick<RenderExportResult, 'fileId' | 'bytes'>;

/**
 * Rendered exports handed to the gateway through PostgreSQL (`export_files`) or, with `EXPORT_S3_URL`, an
 * S3-compatible bucket, so the two need no shared disk. The gateway deletes a file after the download, and a
 * sweep here removes what was never fetched.
 */
export class ExportFiles {
  private readonly pool: Pool;
  readonly handOver: ExportHandOver;

  constructor(options: StoreOptions & { s3?: ExportS3Config }) {
    this.pool = createPool(options.databaseUrl, {
      max: options.maxConnections,
      onError: options.onPoolError,
    });
    this.handOver = createExportHandOver({ s3: options.s3, db: this.pool });
  }

  async write(
    userId: string,
    format: ExportFormat,
    render: (output: NodeJS.WritableStream) => Promise<void>,
  ): Promise<StoredExport> {
    const { fileId, bytes } = await this.handOver.write(userId, format, render);
    return { fileId, bytes };
  }

  /** Removes exports (and half-written ones of a crashed render) older than the maximum age; answers how many. */
  sweep(now?: Date): Promise<number> {
    return this.handOver.sweep(now);
  }

  /** Sweeps now and every minute; answers a function that stops it. */
  startSweeping(onError: (error: unknown) => void, intervalMs = SWEEP_INTERVAL_MS): () => void {
    const run = () => void this.sweep().catch(onError);
    run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async close(): Promise<void> {
    await this.handOver.close();
    await this.pool.end();
  }
}
