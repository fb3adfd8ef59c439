import { currentChapterIndex } from './chapters';

describe('currentChapterIndex', () => {
  const chapters = [{ start: 0 }, { start: 60 }, { start: 125 }];

  it('is the last chapter started at that moment', () => {
    expect(currentChapterIndex(chapters, 0)).toBe(0);
    expect(currentChapterIndex(chapters, 59.9)).toBe(0);
    expect(currentChapterIndex(chapters, 60)).toBe(1);
    expect(currentChapterIndex(chapters, 4_000)).toBe(2);
  });

  it('is -1 before the first chapter or without chapters', () => {
    expect(currentChapterIndex([{ start: 5 }], 2)).toBe(-1);
    expect(currentChapterIndex([], 10)).toBe(-1);
  });
});
