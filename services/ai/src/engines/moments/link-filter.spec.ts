import { linkFilter, linksIn } from './link-filter';
import { everySplit } from '../../../test/support/every-split';

const known = linksIn(
  () => 'Slides are at https://lectern.example/slides and the code at www.code.example/repo.',
);

function streamed(pieces: string[]): { text: string; pieces: string[]; dropped: string[] } {
  const out: string[] = [];
  const dropped: string[] = [];
  const filter = linkFilter(
    known,
    (text) => out.push(text),
    (url) => dropped.push(url),
  );
  for (const piece of pieces) filter.write(piece);
  filter.end();
  return { text: out.join(''), pieces: out, dropped };
}

describe('linkFilter', () => {
  const text =
    'Visit https://evil.example/win?x=1 now. Slides: https://lectern.example/slides. ' +
    'Also www.spam.example, [our course](https://evil.example/c) and [code](https://www.code.example/repo/) ' +
    '[0:05](https://youtu.be/x?t=5) [https://evil.example](https://evil.example) [see notes] (www.spam.example).' +
    ' Kept (https://lectern.example/slides), (0:05) and (see https://evil.example/p) stay (h) (w).';
  const expected =
    'Visit now. Slides: https://lectern.example/slides. ' +
    'Also, our course and [code](https://www.code.example/repo/) ' +
    '[0:05] [see notes].' +
    ' Kept (https://lectern.example/slides), (0:05) and (see) stay (h) (w).';

  it('removes links that are not in the transcript, however the model splits its text', () => {
    for (const pieces of everySplit(text)) expect(streamed(pieces).text).toBe(expected);
  });

  it('never lets a link out, not even in part', () => {
    for (const pieces of everySplit(text)) {
      for (const piece of streamed(pieces).pieces) expect(piece).not.toMatch(/evil|spam/);
    }
  });

  it('reports each removed link', () => {
    expect(streamed([text]).dropped).toEqual([
      'https://evil.example/win?x=1',
      'www.spam.example',
      'https://evil.example/c',
      'https://youtu.be/x?t=5',
      'https://evil.example',
      'https://evil.example',
      'www.spam.example',
      'https://evil.example/p',
    ]);
  });

  it('leaves words that only look like the start of a link alone', () => {
    const plain = 'A new www-style shop, http status codes and the word wwwhat stay.';
    for (const pieces of everySplit(plain)) expect(streamed(pieces).text).toBe(plain);
  });
});
