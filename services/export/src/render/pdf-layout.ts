import type { HighlightColor } from '@lectern/contracts';
import { embeddingLevels, mirrored, visualOrder } from './bidi';
import { installSimpleLayout } from './fast-layout';
import { faceAscent, faceDescent, fontBuffer, type FontFace, type FontWeight } from './fonts';
import { installExactTextMap } from './pdf-text-map';
import { hasRtl, splitForDrawing } from './scripts';

// A small line-layout engine on top of pdfkit. pdfkit wraps text in one font at a time and knows nothing
// of bidi, so Lectern breaks lines itself: text is cut into runs by script (each with its Noto face), by
// bidi level and by style; lines are filled greedily; each line's runs are put in visual order and drawn
// one pdfkit call per run, on a shared baseline.

export const PAGE = { width: 595.28, height: 841.89, left: 62, right: 62, top: 64, bottom: 70 } as const;
export const COLORS = {
  text: '#1f2328',
  muted: '#5b6470',
  accent: '#1d4ed8',
  rule: '#d0d7de',
  highlight: { yellow: '#fff59d', blue: '#bbdefb', green: '#c8e6c9' } satisfies Record<
    HighlightColor,
    string
  >,
} as const;

export interface Piece {
  text: string;
  weight?: FontWeight;
  color?: string;
  highlight?: HighlightColor | null;
  link?: string;
}

export interface BlockOptions {
  size: number;
  /** Line height as a multiple of the size. */
  leading?: number;
  indent?: number;
  rtl?: boolean;
  spaceBefore?: number;
  spaceAfter?: number;
  /** Drawn at the start edge of the first line (a timestamp, a bullet), outside the bidi text. */
  lead?: Piece;
  leadWidth?: number;
  /** Keep at least this many lines of room below a heading. */
  keepWithNext?: number;
  /** The block's structure element: a heading level or a paragraph (the default). */
  tag?: StructureTag;
  /** The block's language where it differs from the document's (Lectern's own English labels). */
  lang?: string;
}

/** Structure types of the tagged PDF: screen readers and reflow read the blocks through them. */
export type StructureTag = 'H1' | 'H2' | 'H3' | 'H4' | 'H5' | 'P';

interface Fragment {
  text: string;
  face: FontFace;
  piece: Piece;
  level: number;
  width: number;
  breakAfter: boolean;
  space: boolean;
}

// pdfkit shapes text word by word; fontkit reverses each Arabic or Hebrew word into visual order, so Lectern
// orders the words of a right-to-left run itself.
const SHAPED_BY_WORD = new Set<FontFace>(['arabic', 'hebrew']);
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const CJK_BREAK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;
const NO_BREAK_BEFORE = /[、。，．！？：；）」』】〉》〕…ー)\]}!?.,:;%]/u;
const NO_BREAK_AFTER = /[（「『【〈《〔([{]/u;

export class PdfLayout {
  private y = PAGE.top;
  private pageNumber = 0;
  private readonly registered = new Set<string>();
  private readonly widths = new Map<string, number>();
  /** The Document element every block's element is a child of, in reading order. */
  private readonly root: PDFKit.PDFStructureElement;
  /** The element of the block being drawn: its marked content is closed over a page break and reopened. */
  private open: { element: PDFKit.PDFStructureElement; tag: StructureTag } | null = null;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly footerText: string,
    private readonly footerRtl = false,
  ) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** Ends the structure tree; call once everything is drawn. */
  finish(): void {
    this.root.end();
  }

  get page(): number {
    return this.pageNumber;
  }

  newPage(): void {
    // Marked content never spans pages: the open block's is closed here and reopened on the new page.
    if (this.open) this.doc.endMarkedContent();
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.pageNumber++;
    this.y = PAGE.top;
    this.artifact(() => this.drawFooter());
    if (this.open) this.open.element.add(this.doc.markStructureContent(this.open.tag));
  }

  /** Draws page furniture (footers, rules) outside the structure tree, as an artifact readers skip. */
  private artifact(draw: () => void): void {
    this.doc.markContent('Artifact', { type: 'Pagination' });
    draw();
    this.doc.endMarkedContent();
  }

  space(points: number): void {
    this.y += points;
  }

  rule(): void {
    this.ensure(12);
    this.artifact(() =>
      this.doc
        .moveTo(PAGE.left, this.y + 4)
        .lineTo(PAGE.width - PAGE.right, this.y + 4)
        .lineWidth(0.6)
        .strokeColor(COLORS.rule)
        .stroke(),
    );
    this.y += 12;
  }

  /** Lays out and draws one block of rich text. */
  block(pieces: Piece[], options: BlockOptions): void {
    const size = options.size;
    const nominalLineHeight = size * (options.leading ?? 1.5);
    const indent = options.indent ?? 0;
    const rtl = options.rtl ?? false;
    const fullWidth = PAGE.width - PAGE.left - PAGE.right - indent;
    const leadWidth = options.lead ? (options.leadWidth ?? this.measureLabel(options.lead, size)) : 0;

    const fragments = this.fragments(pieces, size, rtl);
    const lines = this.breakLines(fragments, fullWidth, fullWidth - leadWidth, size);
    if (lines.length === 0 && !options.lead) return;

    if (this.pageNumber === 0) this.newPage();
    this.y += options.spaceBefore ?? 0;
    const keep = Math.max(1, options.keepWithNext ?? 1);
    if (this.y + nominalLineHeight * keep > PAGE.height - PAGE.bottom) this.newPage();
    const tag = options.tag ?? 'P';
    const element = this.doc.struct(tag, options.lang ? { lang: options.lang } : {});
    this.root.add(element);
    element.add(this.doc.markStructureContent(tag));
    this.open = { element, tag };

    (lines.length === 0 ? [[]] : lines).forEach((fragmentsOfLine, index) => {
      const runs = visualOrder(mergeRuns(fragmentsOfLine));
      // As word processors do: a line is at least as tall as its tallest face (ascent plus descent), so
      // a title in a large size, or a line with Arabic, never reaches into the next line.
      let ascent = faceAscent('latin') * size;
      let descent = faceDescent('latin') * size;
      for (const run of runs) {
        ascent = Math.max(ascent, faceAscent(run.face) * size);
        descent = Math.max(descent, faceDescent(run.face) * size);
      }
      const lineHeight = Math.max(nominalLineHeight, ascent + descent);
      this.ensure(lineHeight);
      const top = this.y;
      const baseline = top + (lineHeight + ascent - descent) / 2;
      const offset = index === 0 ? leadWidth : 0;
      if (index === 0 && options.lead) {
        const ownWidth = this.measureLabel(options.lead, size);
        const leadX = rtl ? PAGE.width - PAGE.right - indent - ownWidth : PAGE.left + indent;
        this.drawRun(
          options.lead.text,
          'latin',
          options.lead,
          leadX,
          top,
          baseline,
          lineHeight,
          size,
          ownWidth,
        );
      }
      const lineWidth = runs.reduce((sum, run) => sum + run.width, 0);
      const x = rtl ? PAGE.width - PAGE.right - indent - offset - lineWidth : PAGE.left + indent + offset;
      this.drawLine(runs, x, top, baseline, lineHeight, size);
      this.y += lineHeight;
    });
    this.doc.endMarkedContent();
    element.end();
    this.open = null;
    this.y += options.spaceAfter ?? 0;
  }

  /** Width of a short label (timestamps, markers) from cached character widths; kerning is ignored. */
  measureLabel(piece: Piece, size: number): number {
    let total = 0;
    for (const char of piece.text) total += this.width(char, 'latin', piece.weight ?? 'regular', size);
    return total;
  }

  /** Width of a piece of text as it will be drawn (script runs included). */
  measureText(piece: Piece, size: number): number {
    return splitForDrawing(piece.text).reduce(
      (sum, part) => sum + this.width(part.text, part.face, piece.weight ?? 'regular', size),
      0,
    );
  }

  private ensure(height: number): void {
    if (this.pageNumber === 0 || this.y + height > PAGE.height - PAGE.bottom) this.newPage();
  }

  /**
   * The footer: "Lectern · title" (cut at a word to leave room), bidi-ordered like the body, and the page
   * number. A right-to-left title makes a right-to-left footer, mirrored: the text from the right margin,
   * the page number on the left.
   */
  private drawFooter(): void {
    const size = 8.5;
    const top = PAGE.height - 44;
    const baseline = top + size * 1.2;
    const lineHeight = size * 1.5;
    const pageLabel = `Page ${this.pageNumber}`;
    const pageWidth = this.width(pageLabel, 'latin', 'regular', size);
    const room = PAGE.width - PAGE.left - PAGE.right - pageWidth - 24;
    const rtl = this.footerRtl;
    const fragments = this.fragments([{ text: this.footerText, color: COLORS.muted }], size, rtl);
    const runs = visualOrder(mergeRuns(this.breakLines(fragments, room, room, size)[0] ?? []));
    const textWidth = runs.reduce((sum, run) => sum + run.width, 0);
    this.drawLine(
      runs,
      rtl ? PAGE.width - PAGE.right - textWidth : PAGE.left,
      top,
      baseline,
      lineHeight,
      size,
    );
    this.drawRun(
      pageLabel,
      'latin',
      { text: pageLabel, color: COLORS.muted },
      rtl ? PAGE.left : PAGE.width - PAGE.right - pageWidth,
      top,
      baseline,
      lineHeight,
      size,
      pageWidth,
    );
  }

  /** Draws a line's runs, already in visual order, from x rightwards. */
  private drawLine(
    runs: Run[],
    x: number,
    top: number,
    baseline: number,
    lineHeight: number,
    size: number,
  ): void {
    let cursor = x;
    for (const run of runs) {
      if (run.level % 2 === 1 && SHAPED_BY_WORD.has(run.face)) {
        this.drawRtlWords(run, cursor, top, baseline, lineHeight, size);
      } else {
        const text = run.level % 2 === 1 ? reverseText(run.text) : run.text;
        this.drawRun(text, run.face, run.piece, cursor, top, baseline, lineHeight, size, run.width);
      }
      cursor += run.width;
    }
  }

  /**
   * Draws an Arabic or Hebrew run word by word from right to left. fontkit shapes each word and puts its
   * glyphs in visual order; drawing words separately lets pdfkit reuse the shaping of repeated words.
   */
  private drawRtlWords(
    run: Run,
    x: number,
    top: number,
    baseline: number,
    lineHeight: number,
    size: number,
  ): void {
    const weight = run.piece.weight ?? 'regular';
    const words = run.text.split(/( +)/).filter((word) => word !== '');
    let cursor = x;
    for (const word of words.reverse()) {
      const text = RTL_LETTER.test(word) ? [...word].map(mirrored).join('') : reverseText(word);
      const width = this.width(word, run.face, weight, size);
      if (word.trim() !== '')
        this.drawRun(text, run.face, run.piece, cursor, top, baseline, lineHeight, size, width);
      else if (run.piece.highlight)
        this.drawRun(' ', run.face, run.piece, cursor, top, baseline, lineHeight, size, width);
      cursor += width;
    }
  }

  private drawRun(
    text: string,
    face: FontFace,
    piece: Piece,
    x: number,
    top: number,
    baseline: number,
    lineHeight: number,
    size: number,
    width: number,
  ): void {
    if (text === '') return;
    const weight = piece.weight ?? 'regular';
    if (piece.highlight) {
      this.doc
        .rect(x, top + lineHeight * 0.04, width, lineHeight * 0.92)
        .fill(COLORS.highlight[piece.highlight]);
    }
    this.useFont(face, weight, size);
    this.doc.fillColor(piece.color ?? COLORS.text);
    const y = baseline - faceAscent(face) * size;
    this.doc.text(text, x, y, { lineBreak: false, link: piece.link ?? null, underline: false });
  }

  private useFont(face: FontFace, weight: FontWeight, size: number): void {
    const name = `${face}-${weight}`;
    const first = !this.registered.has(name);
    if (first) {
      this.doc.registerFont(name, fontBuffer(face, weight));
      this.registered.add(name);
    }
    this.doc.font(name).fontSize(size);
    if (first) {
      const font = (this.doc as unknown as { _font: unknown })._font;
      installSimpleLayout(font, face);
      installExactTextMap(font, face);
    }
  }

  private width(text: string, face: FontFace, weight: FontWeight, size: number): number {
    if (text === '') return 0;
    const key = `${face}-${weight}|${text}`;
    let perPoint = this.widths.get(key);
    if (perPoint === undefined) {
      this.useFont(face, weight, 1000);
      perPoint = this.doc.widthOfString(text) / 1000;
      // Only short strings (words) repeat often enough to be worth remembering.
      if (text.length <= 40 && this.widths.size < 200_000) this.widths.set(key, perPoint);
    }
    return perPoint * size;
  }

  /** Cuts pieces into drawable fragments: one face, one bidi level, ending where a line may break. */
  private fragments(pieces: Piece[], size: number, rtl: boolean): Fragment[] {
    const parts: Array<{ text: string; face: FontFace; piece: Piece }> = [];
    for (const piece of pieces) {
      for (const part of splitForDrawing(piece.text)) parts.push({ ...part, piece });
    }
    const all = parts.map((part) => part.text).join('');
    const levels = hasRtl(all) || rtl ? embeddingLevels(all, rtl) : null;

    const fragments: Fragment[] = [];
    let offset = 0;
    for (const part of parts) {
      const { text } = part;
      let start = 0;
      const emit = (end: number, breakAfter: boolean): void => {
        if (end <= start) return;
        const piece = text.slice(start, end);
        const space = /^\s+$/.test(piece);
        fragments.push({
          text: piece,
          face: part.face,
          piece: part.piece,
          level: levels ? (levels[offset + start] ?? 0) : 0,
          width: this.width(piece, part.face, part.piece.weight ?? 'regular', size),
          breakAfter,
          space,
        });
        start = end;
      };
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code >= 0xd800 && code <= 0xdbff) continue;
        const char = text[i] ?? '';
        const next = text[i + 1] ?? all[offset + i + 1] ?? '';
        const isSpace = char === ' ';
        if (levels && i + 1 < text.length && levels[offset + i + 1] !== levels[offset + i]) {
          emit(i + 1, isSpace);
          continue;
        }
        if (isSpace && next !== ' ') emit(i + 1, true);
        else if (!isSpace && next === ' ') emit(i + 1, false);
        else if (
          (CJK_BREAK.test(char) || CJK_BREAK.test(next)) &&
          next !== '' &&
          !NO_BREAK_BEFORE.test(next) &&
          !NO_BREAK_AFTER.test(char)
        ) {
          emit(i + 1, true);
        }
      }
      emit(text.length, all[offset + text.length - 1] === ' ');
      offset += text.length;
    }
    return fragments;
  }

  private breakLines(fragments: Fragment[], width: number, firstWidth: number, size: number): Fragment[][] {
    const lines: Fragment[][] = [];
    let line: Fragment[] = [];
    let lineWidth = 0;
    let index = 0;
    const available = (): number => (lines.length === 0 ? firstWidth : width);
    const finish = (): void => {
      while (line.length > 0 && line[line.length - 1]?.space) line.pop();
      lines.push(line);
      line = [];
      lineWidth = 0;
    };
    while (index < fragments.length) {
      // A unit is the fragments between two break opportunities: it stays on one line.
      const unit: Fragment[] = [];
      let unitWidth = 0;
      let trailing = 0;
      while (index < fragments.length) {
        const fragment = fragments[index++];
        if (!fragment) break;
        unit.push(fragment);
        unitWidth += fragment.width;
        if (fragment.space) trailing += fragment.width;
        else trailing = 0;
        if (fragment.breakAfter) break;
      }
      if (line.length === 0 && unit.every((fragment) => fragment.space)) continue;
      if (lineWidth + unitWidth - trailing <= available() + 0.01) {
        line.push(...unit);
        lineWidth += unitWidth;
        continue;
      }
      if (line.length > 0) finish();
      if (unitWidth - trailing <= available()) {
        line.push(...unit);
        lineWidth += unitWidth;
        continue;
      }
      // A word longer than the line (a long link): cut it by characters.
      for (const fragment of unit) {
        for (const char of fragment.text) {
          const charWidth = this.width(char, fragment.face, fragment.piece.weight ?? 'regular', size);
          if (lineWidth + charWidth > available() && line.length > 0) finish();
          const last = line[line.length - 1];
          if (
            last &&
            last.face === fragment.face &&
            last.piece === fragment.piece &&
            last.level === fragment.level
          ) {
            last.text += char;
            last.width += charWidth;
          } else {
            line.push({ ...fragment, text: char, width: charWidth, breakAfter: false, space: char === ' ' });
          }
          lineWidth += charWidth;
        }
      }
    }
    if (line.length > 0) finish();
    return lines;
  }
}

interface Run {
  text: string;
  face: FontFace;
  piece: Piece;
  level: number;
  width: number;
}

function mergeRuns(line: Fragment[]): Run[] {
  const runs: Run[] = [];
  for (const fragment of line) {
    const last = runs[runs.length - 1];
    if (
      last &&
      last.face === fragment.face &&
      last.piece === fragment.piece &&
      last.level === fragment.level
    ) {
      last.text += fragment.text;
      last.width += fragment.width;
    } else {
      runs.push({
        text: fragment.text,
        face: fragment.face,
        piece: fragment.piece,
        level: fragment.level,
        width: fragment.width,
      });
    }
  }
  return runs;
}

/** A right-to-left run without Arabic or Hebrew letters (punctuation, spaces): reversed and mirrored here. */
function reverseText(text: string): string {
  return [...text].map(mirrored).reverse().join('');
}
