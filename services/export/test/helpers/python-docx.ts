import { execFile } from 'node:child_process';
import { join } from 'node:path';

// A DOCX read by python-docx, a reader Lectern did not write (Debian's python3-docx, for the system
// Python: /usr/bin/python3, not a version manager's python3 on PATH). A missing module fails the test.

export interface DocxAsRead {
  paragraphs: string[];
  author: string;
  lastModifiedBy: string;
  title: string;
  language: string;
  /** The w:lang of the document's default run properties: val (Latin), eastAsia, bidi. */
  defaultLang: Record<string, string> | null;
  /** Paragraphs marked right to left (w:bidi). */
  rtlParagraphs: string[];
}

export function readDocxWithPython(docx: Buffer): Promise<DocxAsRead> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      '/usr/bin/python3',
      [join(__dirname, 'docx-reader.py')],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python-docx failed (apt-get install -y python3-docx): ${stderr}`));
        else resolve(JSON.parse(stdout) as DocxAsRead);
      },
    );
    child.stdin?.end(docx);
  });
}
