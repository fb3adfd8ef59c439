import { parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, lists, paragraphs and bold', () => {
    expect(parseMarkdown('# Title\n\nSome **bold** text\n- a\n  - b\n3. c')).toEqual([
      { kind: 'heading', level: 1, spans: [{ text: 'Title', bold: false, italic: false }] },
      {
        kind: 'paragraph',
        spans: [
          { text: 'Some ', bold: false, italic: false },
          { text: 'bold', bold: true, italic: false },
          { text: ' text', bold: false, italic: false },
        ],
      },
      { kind: 'bullet', depth: 0, spans: [{ text: 'a', bold: false, italic: false }] },
      { kind: 'bullet', depth: 1, spans: [{ text: 'b', bold: false, italic: false }] },
      { kind: 'numbered', depth: 0, number: 3, spans: [{ text: 'c', bold: false, italic: false }] },
    ]);
  });
});
