import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InternalServerErrorException, Logger } from '@nestjs/common';
import type { ExportHandOver } from '@lectern/handovers';

export interface RenderedExport {
  /** The handed-over file, already checked to be whole and the user's. */
  fileId: string;
  bytes: number;
  contentType: string;
  disposition: string;
}

const logger = new Logger('ExportService');

/**
 * Streams a rendered export from the hand-over (PostgreSQL a few chunks at a time, or the bucket) to the user
 * as fast as the user reads, and deletes it, however the download ends.
 */
export async function sendRenderedExport(
  handOver: ExportHandOver,
  rendered: RenderedExport,
  res: ServerResponse,
): Promise<void> {
  try {
    let file: Readable;
    try {
      file = await handOver.read(rendered.fileId);
    } catch (error) {
      logger.error({ err: error, fileId: rendered.fileId }, 'could not open a rendered export');
      throw new InternalServerErrorException();
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', rendered.contentType);
    res.setHeader('Content-Length', String(rendered.bytes));
    res.setHeader('Content-Disposition', rendered.disposition);
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      await pipeline(file, res);
    } catch (error) {
      // The user cancelled the download or the connection broke: nothing to answer any more.
      logger.debug({ err: error }, 'export download ended early');
      res.destroy();
    }
  } finally {
    await handOver
      .delete(rendered.fileId)
      .catch((error: unknown) =>
        logger.warn(
          { err: error },
          'could not delete a downloaded export (the export worker sweeps it later)',
        ),
      );
  }
}
