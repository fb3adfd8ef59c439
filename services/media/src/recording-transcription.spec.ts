import { joinAtCuts, placeSegments } from './recording-transcription';

const seg = (start: number, end: number, text: string) => ({ start, end, text });

describe('placeSegments', () => {
  it('moves a piece’s timestamps by its offset, never past its end', () => {
    expect(placeSegments([seg(1, 3, 'a'), seg(598, 601, 'b')], { index: 2, start: 1200, end: 1800 })).toEqual(
      [seg(1201, 1203, 'a'), seg(1798, 1800, 'b')],
    );
  });
});

describe('joinAtCuts', () => {
  it('joins the pieces in order, keeping every segment', () => {
    expect(joinAtCuts([[seg(0, 2, 'one')], [seg(10, 12, 'two'), seg(13, 14, 'three')]])).toEqual([
      seg(0, 2, 'one'),
      seg(10, 12, 'two'),
      seg(13, 14, 'three'),
    ]);
  });

  it('drops a segment the next piece repeats over the cut, and keeps a repeat said later', () => {
    const joined = joinAtCuts([
      [seg(0, 10.4, 'Over the cut.')],
      [seg(10.2, 11, 'over the cut.'), seg(20, 22, 'Over the cut.')],
    ]);
    expect(joined).toEqual([seg(0, 10.4, 'Over the cut.'), seg(20, 22, 'Over the cut.')]);
  });
});
