import type { Font, Glyph } from 'fontkit';
import type { FontFace } from './fonts';

// pdfkit shapes every distinct word with fontkit's full OpenType engine, which costs far more than the rest
// of an export for a long transcript. Latin, Cyrillic, Greek and CJK text without combining marks needs no
// shaping to be legible: one glyph per character at its advance width. For those faces Lectern swaps in
// that simple layout on pdfkit's font object. Arabic, Hebrew, emoji sequences and text with combining marks
// keep the full engine (Arabic joining, mark positioning and emoji ligatures need it).

const SIMPLE_FACES = new Set<FontFace>(['latin', 'sc', 'jp', 'kr']);
const NEEDS_SHAPING = /\p{M}|\u200C|\u200D|[\uFE00-\uFE0F]/u;

interface GlyphRun {
  glyphs: Glyph[];
  advanceWidth: number;
  positions: Array<{
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
    advanceWidth?: number;
  }>;
}

/** The part of pdfkit's EmbeddedFont that the simple layout replaces. */
interface PdfKitEmbeddedFont {
  font?: Font;
  scale?: number;
  layoutRun?: (text: string, features?: unknown) => GlyphRun;
}

export function installSimpleLayout(pdfFont: unknown, face: FontFace): void {
  if (!SIMPLE_FACES.has(face)) return;
  const target = pdfFont as PdfKitEmbeddedFont;
  const font = target.font;
  const scale = target.scale;
  const original = target.layoutRun;
  if (!font || typeof scale !== 'number' || typeof original !== 'function') return;
  target.layoutRun = (text: string, features?: unknown): GlyphRun => {
    if (features || NEEDS_SHAPING.test(text)) return original.call(target, text, features);
    const glyphs = font.glyphsForString(text);
    let advanceWidth = 0;
    const positions = glyphs.map((glyph) => {
      const advance = glyph.advanceWidth * scale;
      advanceWidth += advance;
      return { xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: advance };
    });
    return { glyphs, positions, advanceWidth };
  };
}
