import { guardStream, guardText, transcriptRules } from './output-guard';
import { everySplit } from '../../../test/support/every-split';

const rules = transcriptRules([
  { start: 0, text: 'Hash tables map keys to values, see www.lectern.example/hash.' },
  { start: 5.2, text: 'Collisions are resolved by chaining.' },
  { start: 3725, text: 'Resizing keeps lookups fast.' },
]);

describe('the output guard', () => {
  const written = [
    '- [0:03] Keys map to values (www.lectern.example/hash).',
    '- [99:59] Chaining, from https://evil.example/hash [0:06, 1:39:59]',
    '- [1:02:07](https://youtu.be/x?t=3727) Resizing [more](https://evil.example).',
    '1. Review it (0:05–1:02:05).',
  ].join('\n');

  it('keeps moments of the transcript and its links, and removes the rest, stored as streamed', () => {
    const stored = guardText(rules, written);
    expect(stored.text).toBe(
      [
        '- [0:03] Keys map to values (www.lectern.example/hash).',
        '- Chaining, from [0:06]',
        '- [1:02:07] Resizing more.',
        '1. Review it (0:05–1:02:05).',
      ].join('\n'),
    );
    expect(stored.dropped).toEqual({
      moments: ['99:59', '1:39:59'],
      links: ['https://evil.example/hash', 'https://youtu.be/x?t=3727', 'https://evil.example'],
    });
    for (const pieces of everySplit(written)) {
      const out: string[] = [];
      const filter = guardStream(rules, (text) => out.push(text));
      for (const piece of pieces) filter.write(piece);
      filter.end();
      expect(out.join('')).toBe(stored.text);
      for (const piece of out) expect(piece).not.toMatch(/evil|youtu|99:5|1:39/);
    }
  });
});
