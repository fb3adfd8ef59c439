import { findOccurrences, type Occurrences } from './text-occurrences';

/** The same answer, one search of the text per pattern. */
function searchedOneByOne(patterns: string[], text: string): Occurrences[] {
  return patterns.map((pattern) => {
    const first = text.indexOf(pattern);
    if (first === -1) return { count: 0 };
    return { count: text.indexOf(pattern, first + 1) === -1 ? 1 : 2, first };
  });
}

/** A deterministic pseudo-random generator (mulberry32), so a failure can be replayed. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('findOccurrences', () => {
  it('finds what one search per pattern finds, overlapping occurrences and nested patterns included', () => {
    const random = randomOf(28);
    const word = (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let round = 0; round < 300; round += 1) {
      const alphabet = round % 2 === 0 ? 'ab' : 'abcé ';
      const text = word(alphabet, Math.floor(random() * 200));
      const patterns = Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
        random() < 0.5 && text.length > 0
          ? text.slice(Math.floor(random() * text.length)).slice(0, 1 + Math.floor(random() * 8))
          : word(alphabet, 1 + Math.floor(random() * 6)),
      );
      expect(findOccurrences(patterns, text)).toEqual(searchedOneByOne(patterns, text));
    }
  });

  it('answers equal patterns alike, and nothing for no pattern', () => {
    expect(findOccurrences(['light', 'light', 'sugar'], 'light into sugar')).toEqual([
      { count: 1, first: 0 },
      { count: 1, first: 0 },
      { count: 1, first: 11 },
    ]);
    expect(findOccurrences([], 'anything')).toEqual([]);
  });
});
