import { maxPieceSecondsForBytes, planPieces } from './audio-preparation';

describe('planPieces', () => {
  it('keeps a recording shorter than the longest piece whole', () => {
    expect(planPieces(300, [], { targetSeconds: 600, maxSeconds: 819 })).toEqual([
      { index: 0, start: 0, end: 300 },
    ]);
  });

  it('cuts in the middle of the pause nearest each target length, pieces touching end to start', () => {
    const silences = [
      { start: 100, end: 101 },
      { start: 590, end: 592 },
      { start: 640, end: 641 },
      { start: 1210, end: 1211 },
    ];
    const pieces = planPieces(1500, silences, { targetSeconds: 600, maxSeconds: 819 });
    expect(pieces).toEqual([
      { index: 0, start: 0, end: 591 },
      { index: 1, start: 591, end: 1210.5 },
      { index: 2, start: 1210.5, end: 1500 },
    ]);
  });

  it('cuts at the longest length allowed only where there is no pause at all, and no piece is longer', () => {
    const pieces = planPieces(2000, [], { targetSeconds: 600, maxSeconds: 700 });
    expect(pieces.map((piece) => piece.end - piece.start)).toEqual([700, 700, 600]);
  });

  it('ignores a pause too close to the last cut', () => {
    const pieces = planPieces(1000, [{ start: 50, end: 51 }], { targetSeconds: 600, maxSeconds: 700 });
    expect(pieces[0]!.end).toBe(700);
  });

  it('fits 25 MB of mono 16 kHz samples: under 14 minutes', () => {
    expect(maxPieceSecondsForBytes(25 * 1024 * 1024)).toBe(819);
  });
});
