import { SentMoments } from './sent-moments';

const lecture = [
  { start: 0, text: 'Hash tables map keys to values.' },
  { start: 4.5, text: '  ' },
  { start: 9.2, text: 'Chaining keeps a list per slot.' },
  { start: 62, text: 'Probing looks for the next free slot in the table today.' },
];

describe('SentMoments', () => {
  it('points a moment at the line it falls in, shown as that line’s own start', () => {
    const sent = new SentMoments(lecture);
    expect(['0:00', '0:03', '0:05', '0:09', '0:30', '1:01', '1:02'].map((at) => sent.canonical(at))).toEqual([
      '0:00',
      '0:00',
      // The empty segment was not sent: its time belongs to the line before.
      '0:00',
      '0:09',
      '0:09',
      '0:09',
      '1:02',
    ]);
  });

  it('ends the last line about a second per word after it starts', () => {
    const sent = new SentMoments(lecture);
    // Eleven words from 1:02.
    expect(sent.canonical('1:12')).toBe('1:02');
    expect(sent.canonical('1:13')).toBeNull();
    expect(sent.canonical('1:39:59')).toBeNull();
    const short = new SentMoments([{ start: 40, text: 'Thanks.' }]);
    expect(short.canonical('0:44')).toBe('0:40');
    expect(short.canonical('0:45')).toBeNull();
  });

  it('knows only the windows that were sent, and moments before the first line', () => {
    const sent = new SentMoments(lecture, [{ firstSegment: 2, lastSegment: 2 }]);
    expect(sent.canonical('0:00')).toBeNull();
    expect(sent.canonical('0:10')).toBe('0:09');
    // The window ends where the segment after it starts.
    expect(sent.canonical('1:01')).toBe('0:09');
    expect(sent.canonical('1:02')).toBeNull();
    expect(sent.canonical('not a moment')).toBeNull();
  });
});
