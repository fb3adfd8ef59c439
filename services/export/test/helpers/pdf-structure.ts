import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A PDF's catalog, structure tree and document information as qpdf and poppler's pdfinfo read them
// (Debian's qpdf and poppler-utils).

const run = promisify(execFile);

type PdfValue = string | number | boolean | null | PdfValue[] | { [key: string]: PdfValue };

export interface PdfStructure {
  /** The catalog's /Lang, or null. */
  lang: string | null;
  /** Whether /MarkInfo says /Marked true. */
  marked: boolean;
  /** The structure elements' types in document order (depth first), with their /Lang where they have one. */
  elements: Array<{ type: string; lang: string | null; depth: number }>;
  /** pdfinfo's fields ("Author", "Tagged", …). */
  info: Record<string, string>;
}

/** qpdf's JSON text string ("u:…" for text, "b:…" for bytes) as text. */
function text(value: PdfValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return value;
}

export async function readPdfStructure(pdf: Buffer): Promise<PdfStructure> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-qpdf-'));
  try {
    const path = join(dir, 'export.pdf');
    await writeFile(path, pdf);
    const [{ stdout: json }, { stdout: pdfinfo }] = await Promise.all([
      run('qpdf', ['--json=2', '--json-key=qpdf', path], { maxBuffer: 256 << 20 }),
      run('pdfinfo', ['-enc', 'UTF-8', path]),
    ]);
    const parsed = JSON.parse(json) as { qpdf: [unknown, Record<string, { value?: PdfValue }>] };
    const objects = parsed.qpdf[1];
    const resolve = (value: PdfValue | undefined): PdfValue | undefined =>
      typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value : value;
    const dict = (value: PdfValue | undefined): Record<string, PdfValue> => {
      const resolved = resolve(value);
      return resolved && typeof resolved === 'object' && !Array.isArray(resolved) ? resolved : {};
    };
    const trailer = dict(objects.trailer?.value);
    const catalog = dict(trailer['/Root']);
    const elements: PdfStructure['elements'] = [];
    const walk = (node: PdfValue | undefined, depth: number): void => {
      const resolved = resolve(node);
      if (Array.isArray(resolved)) {
        for (const child of resolved) walk(child, depth);
        return;
      }
      if (!resolved || typeof resolved !== 'object') return;
      const element = resolved;
      const type = element['/S'];
      if (typeof type === 'string') {
        elements.push({ type: type.slice(1), lang: text(element['/Lang']), depth });
        walk(element['/K'], depth + 1);
      }
    };
    walk(dict(catalog['/StructTreeRoot'])['/K'], 0);
    const info: Record<string, string> = {};
    for (const line of pdfinfo.split('\n')) {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      if (match?.[1]) info[match[1]] = match[2] ?? '';
    }
    return {
      lang: text(catalog['/Lang']),
      marked: dict(catalog['/MarkInfo'])['/Marked'] === true,
      elements,
      info,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
