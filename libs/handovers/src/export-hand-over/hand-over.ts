import type { Readable } from 'node:stream';

/** A rendered export waiting for its download: whole, with its size. */
export interface HandedOverFile {
  fileId: string;
  userId: string;
  format: string;
  bytes: number;
}

/**
 * How the export worker hands a rendered file to the gateway without a shared disk: through PostgreSQL
 * (`PostgresHandOver`) or an S3-compatible bucket (`S3HandOver`, when `EXPORT_S3_URL` is set). Both stream
 * both ways, so a large file never sits whole in either process's memory.
 */
export interface ExportHandOver {
  /**
   * Stores what `render` writes; the file becomes visible to `find` only once whole. On a failed render
   * nothing is left behind.
   */
  write(
    userId: string,
    format: string,
    render: (output: NodeJS.WritableStream) => Promise<void>,
  ): Promise<HandedOverFile>;
  /** A whole file, or null when it does not exist (any more) or is still being written. */
  find(fileId: string): Promise<HandedOverFile | null>;
  /** The file's bytes as a stream, read as the consumer reads on. */
  read(fileId: string): Promise<Readable>;
  /** Removes the file; doing it twice is harmless. */
  delete(fileId: string): Promise<void>;
  /** Removes files (whole or half-written) created more than `EXPORT_FILE_MAX_AGE_MS` (15 minutes) before `now`; answers how many. */
  sweep(now?: Date): Promise<number>;
  close(): Promise<void>;
}
