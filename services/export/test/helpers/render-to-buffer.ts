import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@lectern/contracts';
import JSZip from 'jszip';
import { renderExport, type ExportDocument } from '../../src/render';

export async function renderToBuffer(doc: ExportDocument, format: ExportFormat): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await renderExport(doc, format, output);
  return Buffer.concat(chunks);
}

/** The PDF's text as a reader's copy would give it (pdf.js, as in browsers), pages joined. */
export function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'pdf-text.cjs')],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(new Error(`pdf-parse failed: ${error.message}`));
        else resolve(JSON.parse(stdout) as { text: string; pages: number });
      },
    );
    child.stdin?.end(pdf);
  });
}

export async function docxPart(docx: Buffer, part = 'word/document.xml'): Promise<string> {
  const zip = await JSZip.loadAsync(docx);
  const file = zip.file(part);
  if (!file) throw new Error(`${part} missing from the package`);
  return file.async('string');
}

/** The visible text of word/document.xml, one line per paragraph. */
export function docxParagraphTexts(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((match) =>
    [...match[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((text) => decodeXml(text[1] ?? ''))
      .join(''),
  );
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Each Word heading paragraph as "<style>: <text>", in document order (what the navigation pane shows). */
export function docxHeadings(xml: string): string[] {
  return [...xml.matchAll(/<w:pStyle w:val="(Heading\d)"\/>[\s\S]*?<\/w:p>/g)].map(
    (match) =>
      `${match[1]}: ${[...match[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')}`,
  );
}
