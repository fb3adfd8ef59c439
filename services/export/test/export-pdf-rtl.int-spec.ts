import { RTL_SAMPLES, RTL_TITLE, rightToLeftDocument } from './fixtures/right-to-left';
import { pdfReadingText, pypdfText } from './helpers/office-readers';
import { renderToBuffer } from './helpers/render-to-buffer';

// The PDF of a right-to-left lecture read back by poppler's pdftotext, the way a reader's copy, a screen
// reader or a search index gets its text: every word must come back as it was written, letters and digits
// in logical order. Punctuation and the [m:ss] stamps are left out of the comparison (pdftotext spaces
// punctuation between runs as it likes). pdftotext wraps each left-to-right stretch of a right-to-left line
// (a number) in embedding controls and may put the space that parts it from the next word inside the
// embedding, so an embedding's edge parts words too. The zero-width non-joiner of Persian words is
// invisible and not kept by the reader: words are compared without it.

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

function words(text: string): string[] {
  return text
    .replace(BIDI_CONTROLS, ' ')
    .replace(/\u200c/gu, '')
    .replace(/\d+:\d\d/gu, ' ')
    .replace(/\p{P}/gu, ' ')
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/** Whether `needle` occurs in `haystack` as consecutive items. */
function containsRun(haystack: string[], needle: string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, index) => haystack[start + index] === word)) return true;
  }
  return false;
}

describe('PDF of a right-to-left lecture, read by pdftotext', () => {
  let lines: string[] = [];
  let all: string[] = [];

  beforeAll(async () => {
    const text = await pdfReadingText(await renderToBuffer(rightToLeftDocument(), 'pdf'));
    lines = text.split('\n').filter((line) => words(line).length > 0);
    all = words(text);
  });

  it.each(RTL_SAMPLES.map((sample) => [sample.script, sample.text] as const))(
    'gives back every %s word, digits included, in order: %s',
    (_script, sentence) => {
      const expected = words(sentence);
      const missing = expected.filter((word) => !all.includes(word));
      expect(missing).toEqual([]);
      expect(containsRun(all, expected)).toBe(true);
    },
  );

  it('gives back the title with its year in logical order', () => {
    expect(words(lines[0] ?? '')).toEqual(words(RTL_TITLE));
  });

  it('keeps the title’s words in order and apart in the footer', () => {
    const footer = lines.find((line) => line.includes('Lectern')) ?? '';
    expect(words(footer)).toContain('Lectern');
    expect(containsRun(words(footer), words(RTL_TITLE))).toBe(true);
  });
});

// pypdf reads nothing but the fonts' text maps. It orders right-to-left text its own way (a line's glyphs
// reversed as a whole, numbers included, spaces lost), so letters are compared with spaces ignored and
// numbers are left to pdftotext above.
describe('PDF of a right-to-left lecture, read by pypdf', () => {
  it('reads the fonts’ text maps and finds every word’s letters', async () => {
    const text = (await pypdfText(await renderToBuffer(rightToLeftDocument(), 'pdf'))).replace(/\s+/gu, '');
    const expected = RTL_SAMPLES.flatMap((sample) => words(sample.text)).filter(
      (word) => !/\p{N}/u.test(word),
    );
    expect(expected.filter((word) => !text.includes(word))).toEqual([]);
  });
});
