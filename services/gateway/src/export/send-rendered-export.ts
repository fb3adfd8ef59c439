import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import { deleteExportFile, readExportFileChunks, type Db } from '@lectern/db';

export interface RenderedExport {
  /** The `export_files` row, already checked to be complete and the user's. */
  fileId: string;
  bytes: number;
  contentType: string;
  disposition: string;
}

const logger = new Logger('ExportService');

/** Streams a rendered export from PostgreSQL to the user a few chunks at a time and deletes it, however the download ends. */
export async function sendRenderedExport(
  db: Db,
  rendered: RenderedExport,
  res: ServerResponse,
): Promise<void> {
  try {
    res.statusCode = 200;
    res.setHeader('Content-Type', rendered.contentType);
    res.setHeader('Content-Length', String(rendered.bytes));
    res.setHeader('Content-Disposition', rendered.disposition);
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      // One chunk waits at most in the stream's buffer: the next query runs only when the client has read on.
      await pipeline(Readable.from(readExportFileChunks(db, rendered.fileId), { highWaterMark: 1 }), res);
    } catch (error) {
      // The user cancelled the download or the connection broke: nothing to answer any more.
      logger.debug({ err: error }, 'export download ended early');
      res.destroy();
    }
  } finally {
    await deleteExportFile(db, rendered.fileId).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not delete a downloaded export (the export worker sweeps it later)'),
    );
  }
}
