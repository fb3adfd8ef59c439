import { CardMoments, citedMoment } from './card-moments';

describe('card moments', () => {
  it('takes the moment an answer cites, in m:ss or h:mm:ss, out of the answer', () => {
    expect(citedMoment('Energy from tides [2:05]')).toEqual({ answer: 'Energy from tides', moment: 125 });
    expect(citedMoment('[1:02:03] The spring tide.')).toEqual({ answer: 'The spring tide.', moment: 3723 });
    expect(citedMoment('No moment here (see 2:05)')).toEqual({
      answer: 'No moment here (see 2:05)',
      moment: null,
    });
  });

  it('places a card at the passage it shares the most with, across a caption break', () => {
    const moments = new CardMoments([
      { start: 0, text: 'Today we look at the moon.' },
      { start: 4, text: 'Tidal energy comes from the rise' },
      { start: 8, text: 'and fall of the sea, twice a day.' },
      { start: 12, text: 'Next week: waves.' },
    ]);
    expect(moments.find('Where does tidal energy come from?', 'The rise and fall of the sea.')).toBe(4);
    expect(moments.find('What comes next week?', 'Waves.')).toBe(12);
    expect(moments.find('Wer?', 'Niemand.')).toBeNull();
  });

  it('finds words in scripts written without spaces', () => {
    const moments = new CardMoments([
      { start: 0, text: 'Welcome.' },
      { start: 30, text: '潮汐能是一种干净的能源。' },
    ]);
    expect(moments.find('哪种能源是干净的？', '潮汐能')).toBe(30);
  });

  it('places nothing in a video without a transcript', () => {
    expect(new CardMoments([]).find('What?', 'That.')).toBeNull();
  });
});
