import { open, unlink } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { InternalServerErrorException, Logger } from '@nestjs/common';

export interface RenderedExport {
  path: string;
  contentType: string;
  disposition: string;
}

const logger = new Logger('ExportService');

/** Streams a rendered export file to the user and removes it, however the download ends. */
export async function sendRenderedExport(rendered: RenderedExport, res: ServerResponse): Promise<void> {
  try {
    let handle;
    try {
      handle = await open(rendered.path, 'r');
    } catch (error) {
      logger.error(
        { err: error, path: rendered.path },
        'a rendered export is missing: do the gateway and the export worker share EXPORT_DIR?',
      );
      throw new InternalServerErrorException();
    }
    const { size } = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    // Removed from the directory before the first byte is sent: the open handle still reads it, and no
    // download, finished, cancelled or cut short by a crash, leaves the file behind.
    await unlink(rendered.path).catch(() => undefined);
    res.statusCode = 200;
    res.setHeader('Content-Type', rendered.contentType);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Content-Disposition', rendered.disposition);
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      await pipeline(handle.createReadStream(), res);
    } catch (error) {
      // The user cancelled the download or the connection broke: nothing to answer any more.
      logger.debug({ err: error }, 'export download ended early');
    }
  } finally {
    // Already gone after a successful open; this covers the paths that failed before it.
    await unlink(rendered.path).catch(() => undefined);
  }
}
