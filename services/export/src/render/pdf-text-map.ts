import bidiFactory from 'bidi-js';
import type { Font, Glyph } from 'fontkit';
import type { FontFace } from './fonts';

// What a PDF reader copies, searches and reads aloud comes from each font's ToUnicode map, code by code.
// pdfkit gives a glyph one code and maps it to the characters of the glyph object fontkit hands it, and
// fontkit keeps one object per glyph, with the characters of the first place the glyph was met. Shaped
// Arabic shares glyphs between letters (beh, noon, yeh and theh without their dots, whose dots are
// separate mark glyphs; Arabic and Persian yeh; Arabic and Persian nine), so every later letter drawn with
// a shared glyph was read back as the first one; and pdfkit writes its map as ranges some readers (pypdf)
// cannot parse. Here each distinct (glyph, characters) pair gets its own code, a copy of the glyph in the
// subset (as LibreOffice does), and the map is one plain entry per code, glyphs that stand for no
// character (dots placed as marks) mapped to nothing. For that, fontkit is made to hand out a glyph object
// per (glyph, characters) pair: its shaper tracks which characters each glyph stands for, only its glyph
// cache forgot them.
//
// fontkit also reverses the glyphs of any run in a right-to-left script, numbers included; Lectern puts
// runs in visual order itself (bidi-js levels), so a run with no right-to-left letter, such as the
// Arabic-Indic digits of a year, is laid out left to right.

const bidi = bidiFactory();

interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth?: number;
}

interface LaidOut {
  glyphs: Glyph[];
  positions: GlyphPosition[];
  advanceWidth: number;
}

/** The parts of pdfkit's EmbeddedFont this module works with. */
interface PdfKitEmbeddedFont {
  font: Font;
  scale: number;
  subset: { glyphs: number[]; mapping: Record<number, number>; includeGlyph(glyph: number): number };
  unicode: number[][];
  widths: number[];
  document: { ref(): { end(data: string): void } };
  layout(text: string, features?: unknown, onlyWidth?: boolean): LaidOut;
  layoutRun(text: string, features?: unknown): LaidOut;
  encode(text: string, features?: unknown): [string[], GlyphPosition[]];
  toUnicodeCmap(): unknown;
}

const SHAPED_RIGHT_TO_LEFT = new Set<FontFace>(['arabic', 'hebrew']);

function hasRightToLeftLetter(text: string): boolean {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'R' || type === 'AL') return true;
  }
  return false;
}

const hex4 = (value: number): string => value.toString(16).padStart(4, '0');

function utf16Hex(codePoints: number[]): string {
  return codePoints
    .map((codePoint) => {
      if (codePoint <= 0xffff) return hex4(codePoint);
      const value = codePoint - 0x10000;
      return hex4(0xd800 | (value >>> 10)) + hex4(0xdc00 | (value & 0x3ff));
    })
    .join('');
}

/**
 * A ToUnicode CMap with one bfchar entry per code (at most 100 per block, as the spec asks). A code that
 * stands for no character (a dot placed as a mark) maps to the empty string: left out, some readers (pypdf)
 * would show its raw code as a character.
 */
export function toUnicodeCmapText(unicode: readonly number[][]): string {
  const entries: string[] = [];
  unicode.forEach((codePoints, code) => {
    entries.push(`<${hex4(code)}> <${utf16Hex(codePoints)}>`);
  });
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** Makes font.getGlyph(id, characters) answer a glyph that stands for those characters. */
function keepCharactersPerGlyph(font: Font): void {
  const cached = font.getGlyph.bind(font);
  const variants = new Map<string, Glyph>();
  font.getGlyph = (id: number, characters?: number[]): Glyph => {
    const glyph = cached(id, characters);
    if (!characters || !glyph || sameCodePoints(glyph.codePoints, characters)) return glyph;
    const key = `${id}:${characters.join(',')}`;
    let variant = variants.get(key);
    if (!variant) {
      // The variant shares the glyph's outline and metrics; only the characters differ.
      variant = Object.create(glyph, { codePoints: { value: [...characters], enumerable: true } }) as Glyph;
      variants.set(key, variant);
    }
    return variant;
  };
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

export function installExactTextMap(pdfFont: unknown, face: FontFace): void {
  const target = pdfFont as PdfKitEmbeddedFont;
  if (!target.font || !target.subset || !Array.isArray(target.unicode)) return;
  keepCharactersPerGlyph(target.font);

  if (SHAPED_RIGHT_TO_LEFT.has(face)) {
    const shapeRun = target.layoutRun.bind(target);
    target.layoutRun = (text, features) => {
      if (hasRightToLeftLetter(text)) return shapeRun(text, features);
      const run = target.font.layout(text, features as string[] | undefined, undefined, undefined, 'ltr');
      const positions = run.positions.map((position, index) => ({
        xAdvance: position.xAdvance * target.scale,
        yAdvance: position.yAdvance * target.scale,
        xOffset: position.xOffset * target.scale,
        yOffset: position.yOffset * target.scale,
        advanceWidth: (run.glyphs[index]?.advanceWidth ?? 0) * target.scale,
      }));
      return { glyphs: run.glyphs, positions, advanceWidth: run.advanceWidth * target.scale };
    };
  }

  // Code of each glyph for the characters it stands for here; a glyph's first use keeps pdfkit's own code.
  const codes = new Map<string, number>();
  target.encode = (text, features) => {
    const { glyphs, positions } = target.layout(text, features);
    const encoded: string[] = [];
    for (const glyph of glyphs) {
      const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
      let code = codes.get(key);
      if (code === undefined) {
        if (target.subset.mapping[glyph.id] === undefined) {
          code = target.subset.includeGlyph(glyph.id);
        } else {
          target.subset.glyphs.push(glyph.id);
          code = target.subset.glyphs.length - 1;
        }
        codes.set(key, code);
        target.widths[code] = glyph.advanceWidth * target.scale;
        target.unicode[code] = glyph.codePoints;
      }
      encoded.push(hex4(code));
    }
    return [encoded, positions];
  };

  target.toUnicodeCmap = () => {
    const cmap = target.document.ref();
    cmap.end(toUnicodeCmapText(target.unicode));
    return cmap;
  };
}
