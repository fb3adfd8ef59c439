import { escapeInline, escapeLineStart, inlineWithMoments, multilineWithMoments } from './markdown-text';

describe('Markdown text', () => {
  it('escapes CommonMark’s, Obsidian’s and Logseq’s markers, and keeps other punctuation', () => {
    expect(escapeInline('a *b* _c_ `d` [e](f) <g> #h | ~i~ ==j== $k$ %%l%% ^m & n:: ((o)) p.q, r!')).toBe(
      'a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) \\<g\\> \\#h \\| \\~i\\~ \\=\\=j\\=\\= \\$k\\$ \\%\\%l\\%\\% \\^m \\& n\\:\\: \\(\\(o\\)\\) p.q, r!',
    );
    expect(escapeInline('back\\slash\nnext')).toBe('back\\\\slash next');
  });

  it('keeps a line from starting a list, a rule, a numbered item or code', () => {
    expect(['- a', '+ b', '---', '12. c', '3) d', '    e', 'f - g'].map(escapeLineStart)).toEqual([
      '\\- a',
      '\\+ b',
      '\\---',
      '12\\. c',
      '3\\) d',
      'e',
      'f - g',
    ]);
  });

  it('links written moments, [m:ss] and (m:ss), and escapes the rest', () => {
    expect(inlineWithMoments('See [1:05], (1:02:03) and [9:99] *now*', 'vid')).toBe(
      'See [1:05](https://www.youtube.com/watch?v=vid&t=65s), ([1:02:03](https://www.youtube.com/watch?v=vid&t=3723s)) and \\[9:99\\] \\*now\\*',
    );
  });

  it('keeps notes’ lines and one blank line between paragraphs', () => {
    expect(multilineWithMoments('  - first [0:05]\n\n\n\n# second\nthird', 'v')).toBe(
      '\\- first [0:05](https://www.youtube.com/watch?v=v&t=5s)\n\n\\# second\nthird',
    );
  });
});
