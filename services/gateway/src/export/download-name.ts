import { exportFileExtension, exportFileName, type ExportFormat } from '@lectern/contracts';

// Characters no common file system accepts in a name (and controls); everything else of the title is kept.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f/\\:*?"<>|]/gu;
const MAX_TITLE_CODE_POINTS = 150;

/**
 * The `Content-Disposition` of a download. `filename` is the product's rule (every non-alphanumeric character
 * of the title becomes `_`, or `transcript`): plain ASCII that every client understands. `filename*` carries
 * the title itself in UTF-8, which is what users see in their Downloads folder in browsers (they prefer it):
 * `Photosynthesis: Light & Water.pdf` for `Photosynthesis: Light & Water`, `月の引力.pdf` for `月の引力`, with only
 * the characters file systems refuse replaced. A title without a letter or digit gets the ASCII name there too.
 */
export function contentDisposition(title: string | null, format: ExportFormat): string {
  const ascii = exportFileName(title, format);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(readableFileName(title, format) ?? ascii)}`;
}

export function readableFileName(title: string | null, format: ExportFormat): string | null {
  if (!title) return null;
  const cleaned = [...title.replace(/\s+/gu, ' ').replace(UNSAFE_IN_FILE_NAMES, '_').trim()]
    .slice(0, MAX_TITLE_CODE_POINTS)
    .join('')
    // Windows drops trailing dots and spaces; a leading dot hides the file on Unix.
    .replace(/^[.\s]+|[.\s]+$/gu, '');
  return /[\p{L}\p{N}]/u.test(cleaned) ? `${cleaned}.${exportFileExtension(format)}` : null;
}

/** RFC 5987 `ext-value` encoding: everything but attr-char is percent-encoded, in UTF-8. */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
