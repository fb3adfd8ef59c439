import { isRtlParagraph, splitByScript, splitForDrawing } from './scripts';

const faces = (text: string) => splitByScript(text).map((run) => [run.face, text.slice(run.start, run.end)]);

describe('splitByScript', () => {
  it('gives each script its face and keeps spaces and punctuation with their run', () => {
    expect(faces('Hello мир, 世界 مرحبا שלום')).toEqual([
      ['latin', 'Hello мир, '],
      ['sc', '世界 '],
      ['arabic', 'مرحبا '],
      ['hebrew', 'שלום'],
    ]);
  });

  it('sets Han in the Japanese or Korean face next to kana or hangul', () => {
    expect(faces('日本語です')).toEqual([['jp', '日本語です']]);
    expect(faces('한국어 漢字')).toEqual([['kr', '한국어 漢字']]);
  });

  it('keeps emoji sequences whole', () => {
    expect(faces('hi 👨‍👩‍👧 ok')).toEqual([
      ['latin', 'hi '],
      ['emoji', '👨‍👩‍👧 '],
      ['latin', 'ok'],
    ]);
  });
});

describe('splitForDrawing', () => {
  it('replaces characters no face has with a replacement mark', () => {
    expect(splitForDrawing('ab ሰ')).toEqual([{ face: 'latin', text: 'ab \uFFFD' }]);
  });
});

describe('isRtlParagraph', () => {
  it('follows the first strong letter', () => {
    expect(isRtlParagraph('[1:00] שלום world')).toBe(true);
    expect(isRtlParagraph('world שלום')).toBe(false);
  });
});
