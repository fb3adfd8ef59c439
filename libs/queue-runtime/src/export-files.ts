import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';

/**
 * The directory where the export worker leaves rendered files for the gateway to stream: shared by both
 * processes (the same machine, or a volume mounted in both containers).
 */
export const ExportDirEnvShape = {
  EXPORT_DIR: z
    .string()
    .refine((value) => isAbsolute(value), 'must be an absolute path')
    .default(join(tmpdir(), 'lectern-exports')),
};

/** Files are named by the worker only: a random UUID and the format's extension, nothing a user chose. */
export const EXPORT_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(txt|pdf|docx)$/;

/** A rendered file's full path, or null when the name is not one the worker could have given. */
export function exportFilePath(dir: string, file: string): string | null {
  return EXPORT_FILE_NAME.test(file) ? join(dir, file) : null;
}

/** Files older than this were never downloaded (the user left, or the request timed out) and are removed. */
export const EXPORT_FILE_MAX_AGE_MS = 15 * 60 * 1000;
