import type { ExportDocument } from '../src/render';
import { multilingualDocument, SCRIPT_SAMPLES } from './fixtures/multilingual';
import {
  drawnOrder,
  libreOfficePdf,
  overlappingLines,
  pdfDrawnLines,
  pdfReadingText,
  type DrawnLine,
} from './helpers/office-readers';
import { renderToBuffer } from './helpers/render-to-buffer';

// The exports as their readers draw them: the DOCX laid out by LibreOffice (converted to PDF headless), our
// PDF as poppler reads it. Whatever the layout engine, no line may be drawn over another, the sections come
// in order and no script is lost. One LibreOffice conversion per run: it takes seconds.

const LONG_TITLE =
  'Tides 🌊 and the Moon, a complete lecture on how the oceans rise and fall: Приливы, 潮汐, المد والجزر';

function wrappingTitleDocument(): ExportDocument {
  return { ...multilingualDocument(), title: LONG_TITLE };
}

const SECTION_HEADINGS = [
  'Transcript',
  'Highlights',
  'Notes',
  'AI Study Material',
  'Summary (Short)',
  'Key Insights',
  'Main ideas',
] as const;

// Bidi controls and the spaces shaping leaves between Arabic letters are not the text; they are removed.
// eslint-disable-next-line no-control-regex -- pdftotext leaves control marks in shaped text
const compact = (text: string): string => text.replace(/[\s\u0000-\u001f\u200e\u200f\u202a-\u202e]/gu, '');

function describeOverlaps(pairs: Array<[DrawnLine, DrawnLine]>): string[] {
  return pairs.map(
    ([a, b]) =>
      `page ${a.page}: "${a.text}" (y ${a.yMin.toFixed(1)}–${a.yMax.toFixed(1)}) over "${b.text}" (y ${b.yMin.toFixed(1)}–${b.yMax.toFixed(1)})`,
  );
}

describe.each([
  [
    'DOCX opened in LibreOffice',
    async () => libreOfficePdf(await renderToBuffer(wrappingTitleDocument(), 'docx')),
  ],
  ['PDF', () => renderToBuffer(wrappingTitleDocument(), 'pdf')],
])('%s', (_reader, drawn) => {
  let lines: DrawnLine[] = [];
  let text = '';

  beforeAll(async () => {
    const pdf = await drawn();
    [lines, text] = await Promise.all([pdfDrawnLines(pdf), pdfReadingText(pdf)]);
  }, 120_000);

  it('wraps the long title onto more than one line', () => {
    const channel = lines.findIndex((line) => line.page === 1 && line.text.startsWith('Channel:'));
    expect(channel).toBeGreaterThanOrEqual(2);
    expect(lines[0]?.text).toMatch(/^Tides/);
  });

  it('draws no line over another', () => {
    expect(lines.length).toBeGreaterThan(20);
    expect(describeOverlaps(overlappingLines(lines))).toEqual([]);
  });

  it('keeps the section headings in order', () => {
    const order = drawnOrder(lines, SECTION_HEADINGS);
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it.each(SCRIPT_SAMPLES.map((sample) => [sample.script, sample.words] as const))(
    'still shows the %s words',
    (_script, words) => {
      for (const word of words) expect(compact(text)).toContain(compact(word));
    },
  );

  it('shows every script of the title', () => {
    for (const word of ['Приливы', '潮汐', 'والجزر']) expect(compact(text)).toContain(word);
  });
});
