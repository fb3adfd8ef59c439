import { parseSrt } from './srt';

describe('parseSrt', () => {
  it('reads each cue as one caption line at its start time, its lines joined by a space', () => {
    const srt = [
      '1',
      '00:00:05,860 --> 00:00:09,530',
      '>> DOUG LLOYD: You probably think that',
      'code is just used to accomplish a task.',
      '',
      '2',
      '00:01:09,530 --> 00:01:10,450',
      'You write it out.',
      '',
    ].join('\r\n');
    expect(parseSrt(srt)).toEqual([
      { text: '>> DOUG LLOYD: You probably think that code is just used to accomplish a task.', start: 5.86 },
      { text: 'You write it out.', start: 69.53 },
    ]);
  });

  it('skips cues with no text and blocks with no timing', () => {
    expect(parseSrt('1\n00:00:00,000 --> 00:00:01,000\n\n\nnot a cue\n')).toEqual([]);
  });
});
