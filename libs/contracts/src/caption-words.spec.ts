import { LONGEST_CAPTION_LINK, LONGEST_CAPTION_WORD, piecesOfWord, withLongWordsCut } from './caption-words';

describe('caption words', () => {
  it('cuts a word longer than any spoken one into pieces, the rest of the text as it was', () => {
    const endless = 'x'.repeat(200_000);
    const cut = withLongWordsCut(`see  ${endless} now`);
    expect(cut.startsWith('see  x')).toBe(true);
    expect(cut.endsWith('x now')).toBe(true);
    const words = cut.split(' ').filter(Boolean);
    expect(words.map((word) => word.length)).toEqual([
      3,
      ...Array<number>(200_000 / LONGEST_CAPTION_WORD).fill(LONGEST_CAPTION_WORD),
      3,
    ]);
    expect(withLongWordsCut('A heap is a tree.')).toBe('A heap is a tree.');
  });

  it('keeps a link whole up to the length of a link', () => {
    const link = `https://example.com/${'a'.repeat(200)}`;
    expect(withLongWordsCut(`read ${link} today`)).toBe(`read ${link} today`);
    const endlessLink = `https://example.com/${'a'.repeat(10_000)}`;
    const pieces = withLongWordsCut(endlessLink).split(' ');
    expect(pieces.every((piece) => piece.length <= LONGEST_CAPTION_LINK)).toBe(true);
    expect(pieces.join('')).toBe(endlessLink);
  });

  it('never cuts a character in two', () => {
    const emoji = '😀'.repeat(100);
    const pieces = piecesOfWord(`a${emoji}`);
    expect(pieces.join('')).toBe(`a${emoji}`);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(LONGEST_CAPTION_WORD);
      expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
  });
});
