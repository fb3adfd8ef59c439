import { multilingualDocument, SCRIPT_SAMPLES } from './fixtures/multilingual';
import { pdfText, renderToBuffer } from './helpers/render-to-buffer';

// Arabic shaping substitutes contextual glyphs and positions dots as marks: pdf.js gives the letters back
// with stray spaces, so words are looked for with whitespace removed.
// eslint-disable-next-line no-control-regex -- pdf.js leaves control marks in shaped text
const normalize = (text: string): string => text.replace(/[\u0000-\u001f\u200e\u200f\u202a-\u202e]/g, '');

describe('PDF export', () => {
  let text = '';
  let pages = 0;
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await renderToBuffer(multilingualDocument(), 'pdf');
    ({ text, pages } = await pdfText(pdf));
    text = normalize(text);
  });

  it('is a PDF with a page-numbered footer', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Page 1');
  });

  it('shows the cover: title, channel, link, duration and export date', () => {
    expect(text).toContain('Tides');
    expect(text).toContain('Приливы');
    expect(text).toContain('Channel: Ocean Lessons');
    expect(text).toContain('https://www.youtube.com/watch?v=abc123XYZ_-');
    expect(text).toContain('Duration: 12:34');
    expect(text).toContain('Exported: 2026-03-04 05:06 UTC');
  });

  it.each(SCRIPT_SAMPLES.map((sample) => [sample.script, sample.words] as const))(
    'contains the transcript words in %s',
    (_script, words) => {
      const compact = text.replace(/\s+/g, '');
      for (const word of words) expect(compact).toContain(word);
    },
  );

  it('gives back every word of the right-to-left samples, letters shared by one shaped glyph included', () => {
    const compact = text.replace(/\s+/g, '');
    const rtl = SCRIPT_SAMPLES.filter((sample) => sample.script === 'Arabic' || sample.script === 'Hebrew');
    for (const sample of rtl) {
      for (const word of sample.text.replace(/[.،]/gu, '').split(' ')) expect(compact).toContain(word);
    }
  });

  it('groups the transcript into timestamped paragraphs', () => {
    expect(text).toMatch(/\[0:00\] Welcome/);
    expect(text).toContain('[0:30]');
    expect(text).not.toContain('[0:07]');
  });

  it('lists highlights with timestamps and shows the notes and AI sections', () => {
    expect(text).toContain('Highlights');
    expect(text).toMatch(/\[0:00\] Yellow: tidal energy/);
    expect(text).toMatch(/\[0:15\] Blue: приливную энергию/);
    expect(text).toContain('Notes');
    expect(text).toContain('Заметка: повторить термины.');
    expect(text).toContain('Summary (Short)');
    expect(text).toContain('twice a day');
    expect(text).toContain('Key Insights');
  });

  it('embeds a Noto subset for every script it draws', () => {
    const fonts = new Set(
      [...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([A-Za-z-]+)/g)].map((m) => m[1]),
    );
    expect([...fonts].sort()).toEqual(
      expect.arrayContaining([
        'NotoSans-Regular',
        'NotoSans-Bold',
        'NotoSansArabic-Regular',
        'NotoSansHebrew-Regular',
        'NotoSansSC-Regular',
        'NotoSansJP-Regular',
        'NotoSansKR-Regular',
        'NotoEmoji-Regular',
      ]),
    );
  });
});
