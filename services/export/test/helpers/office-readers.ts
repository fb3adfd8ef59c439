import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

// Exports opened the way their readers open them: a DOCX converted to PDF by LibreOffice headless, and any
// PDF read back by poppler's pdftotext with the position of every line. Both tools come from Debian
// (libreoffice-writer-nogui, poppler-utils; .ci/run installs them). A missing tool fails the test.

const run = promisify(execFile);

/** The text of one line as drawn on a page, with its box in points (y grows downwards). */
export interface DrawnLine {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

// The Noto faces the DOCX names, made visible to LibreOffice as if the reader had them installed.
const NOTO_PACKAGES = [
  'noto-sans',
  'noto-sans-arabic',
  'noto-sans-hebrew',
  'noto-sans-sc',
  'noto-sans-jp',
  'noto-sans-kr',
  'noto-emoji',
];

function fontconfigFile(cacheDir: string): string {
  const dirs = NOTO_PACKAGES.flatMap((pkg) => {
    const root = dirname(require.resolve(`@expo-google-fonts/${pkg}/package.json`));
    return ['400Regular', '700Bold'].map((style) => `  <dir>${join(root, style)}</dir>`);
  });
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    ...dirs,
    `  <cachedir>${cacheDir}</cachedir>`,
    '</fontconfig>',
  ].join('\n');
}

async function tool(name: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(name, args, { env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${name} is not installed: apt-get install -y libreoffice-writer-nogui poppler-utils (as .ci/run does).`,
      );
    }
    throw error;
  }
}

/** The PDF LibreOffice makes of a DOCX, with a private profile so parallel runs do not share one. */
export async function libreOfficePdf(docx: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-soffice-'));
  try {
    const input = join(dir, 'export.docx');
    await writeFile(input, docx);
    await writeFile(join(dir, 'fonts.conf'), fontconfigFile(join(dir, 'font-cache')));
    await tool(
      'soffice',
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        join(dir, 'out'),
        input,
      ],
      { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf'), HOME: dir },
    );
    return await readFile(join(dir, 'out', 'export.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function withPdfFile<T>(pdf: Buffer, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-pdftotext-'));
  try {
    const path = join(dir, 'export.pdf');
    await writeFile(path, pdf);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order (pdftotext), pages joined. */
export function pdfReadingText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, (path) => tool('pdftotext', ['-enc', 'UTF-8', path, '-']));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}

/** Every line pdftotext finds, with its box, page by page in the order they are drawn. */
export function pdfDrawnLines(pdf: Buffer): Promise<DrawnLine[]> {
  return withPdfFile(pdf, async (path) => {
    const html = await tool('pdftotext', ['-bbox-layout', '-enc', 'UTF-8', path, '-']);
    const lines: DrawnLine[] = [];
    html
      .split(/<page /)
      .slice(1)
      .forEach((pageHtml, index) => {
        for (const match of pageHtml.matchAll(
          /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g,
        )) {
          const words = [...(match[5] ?? '').matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((word) =>
            decodeEntities(word[1] ?? ''),
          );
          lines.push({
            page: index + 1,
            text: words.join(' '),
            xMin: Number(match[1]),
            yMin: Number(match[2]),
            xMax: Number(match[3]),
            yMax: Number(match[4]),
          });
        }
      });
    return lines;
  });
}

/** Pairs of lines drawn over each other: on one page, their boxes sharing more than `tolerance` points both ways. */
export function overlappingLines(lines: DrawnLine[], tolerance = 0.5): Array<[DrawnLine, DrawnLine]> {
  const pairs: Array<[DrawnLine, DrawnLine]> = [];
  lines.forEach((a, i) => {
    for (const b of lines.slice(i + 1)) {
      if (a.page !== b.page) continue;
      const vertical = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      const horizontal = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      if (vertical > tolerance && horizontal > tolerance) pairs.push([a, b]);
    }
  });
  return pairs;
}

/** Where each text first appears, in reading position (page, then top to bottom); -1 when absent. */
export function drawnOrder(lines: DrawnLine[], texts: readonly string[]): number[] {
  const sorted = [...lines].sort((a, b) => a.page - b.page || a.yMin - b.yMin || a.xMin - b.xMin);
  return texts.map((text) => sorted.findIndex((line) => line.text.trim() === text));
}

/** The PDF's text as pypdf extracts it from the fonts' text maps (Debian's python3-pypdf, /usr/bin/python3). */
export function pypdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      '/usr/bin/python3',
      [join(__dirname, 'pypdf-text.py')],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pypdf failed (apt-get install -y python3-pypdf): ${stderr}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(pdf);
  });
}
