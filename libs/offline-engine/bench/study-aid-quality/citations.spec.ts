import { citedMoments, judgeCitations } from './citations';

const segments = [
  { text: 'Welcome back.', start: 0 },
  { text: 'Today: plates.', start: 5.9 },
  { text: 'Wegener saw the fit.', start: 65.4 },
  { text: 'Two hours later.', start: 3723 },
];

describe('citedMoments', () => {
  it('reads [m:ss], [h:mm:ss], (m:ss) and (h:mm:ss), and nothing else', () => {
    expect(citedMoments('- [0:05] A.\n2. B (1:05).\n[1:02:03] C (1:02:04) D [1:2] E 3:00')).toEqual([
      '0:05',
      '1:05',
      '1:02:03',
      '1:02:04',
    ]);
  });
});

describe('judgeCitations', () => {
  it('counts a moment as existing when a transcript line starts then, in whole seconds', () => {
    expect(judgeCitations('[0:00] a [0:05] b (1:05) c [1:02:03] d', segments)).toEqual({
      cited: 4,
      existing: 4,
      missing: [],
    });
  });

  it('names the moments no line starts at', () => {
    expect(judgeCitations('[0:06] a (1:04) b [0:05]', segments)).toEqual({
      cited: 3,
      existing: 1,
      missing: ['0:06', '1:04'],
    });
  });
});
