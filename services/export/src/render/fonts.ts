import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

// Faces Lectern sets text in. Each is a Noto family shipped as TTF by an npm package, so the worker finds
// it in node_modules at run time and pdfkit subsets it into the PDF.
export type FontFace = 'latin' | 'arabic' | 'hebrew' | 'sc' | 'jp' | 'kr' | 'emoji';
export type FontWeight = 'regular' | 'bold';

const FONT_FILES: Record<FontFace, { pkg: string; family: string; file: string; bold: boolean }> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', family: 'Noto Sans', file: 'NotoSans', bold: true },
  arabic: {
    pkg: '@expo-google-fonts/noto-sans-arabic',
    family: 'Noto Sans Arabic',
    file: 'NotoSansArabic',
    bold: true,
  },
  hebrew: {
    pkg: '@expo-google-fonts/noto-sans-hebrew',
    family: 'Noto Sans Hebrew',
    file: 'NotoSansHebrew',
    bold: true,
  },
  sc: { pkg: '@expo-google-fonts/noto-sans-sc', family: 'Noto Sans SC', file: 'NotoSansSC', bold: true },
  jp: { pkg: '@expo-google-fonts/noto-sans-jp', family: 'Noto Sans JP', file: 'NotoSansJP', bold: true },
  kr: { pkg: '@expo-google-fonts/noto-sans-kr', family: 'Noto Sans KR', file: 'NotoSansKR', bold: true },
  emoji: { pkg: '@expo-google-fonts/noto-emoji', family: 'Noto Emoji', file: 'NotoEmoji', bold: true },
};

/** The family name Word should use for a face (DOCX names fonts, it does not embed them). */
export function fontFamilyName(face: FontFace): string {
  return FONT_FILES[face].family;
}

/** The TTF file of a face, resolved from node_modules. */
function fontPath(face: FontFace, weight: FontWeight): string {
  const { pkg, file, bold } = FONT_FILES[face];
  const style = weight === 'bold' && bold ? '700Bold' : '400Regular';
  return require.resolve(`${pkg}/${style}/${file}_${style}.ttf`);
}

const buffers = new Map<string, Buffer>();

/** Font files are read once per process and shared by every export (pdfkit only reads them). */
export function fontBuffer(face: FontFace, weight: FontWeight): Buffer {
  const key = `${face}-${weight}`;
  let buffer = buffers.get(key);
  if (!buffer) {
    buffer = readFileSync(fontPath(face, weight));
    buffers.set(key, buffer);
  }
  return buffer;
}

const coverageFonts = new Map<FontFace, fontkit.Font>();
const coverage = new Map<FontFace, Map<number, boolean>>();

/** Whether a face has a glyph for a code point (regular and bold cover the same characters). */
export function faceCovers(face: FontFace, codePoint: number): boolean {
  let cache = coverage.get(face);
  if (!cache) {
    cache = new Map();
    coverage.set(face, cache);
  }
  const known = cache.get(codePoint);
  if (known !== undefined) return known;
  let font = coverageFonts.get(face);
  if (!font) {
    font = fontkit.create(fontBuffer(face, 'regular')) as fontkit.Font;
    coverageFonts.set(face, font);
  }
  const has = font.hasGlyphForCodePoint(codePoint);
  cache.set(codePoint, has);
  return has;
}

const metrics = new Map<FontFace, { ascent: number; descent: number }>();

function faceMetrics(face: FontFace): { ascent: number; descent: number } {
  let known = metrics.get(face);
  if (!known) {
    faceCovers(face, 0x20);
    const font = coverageFonts.get(face);
    known = font
      ? { ascent: font.ascent / font.unitsPerEm, descent: Math.abs(font.descent) / font.unitsPerEm }
      : { ascent: 1, descent: 0.3 };
    metrics.set(face, known);
  }
  return known;
}

/** The face's ascent as a fraction of the font size, to put runs in different faces on one baseline. */
export function faceAscent(face: FontFace): number {
  return faceMetrics(face).ascent;
}

/** How far the face reaches below the baseline, as a positive fraction of the font size. */
export function faceDescent(face: FontFace): number {
  return faceMetrics(face).descent;
}
