import { exportFileName, formatDuration, formatTimestamp, parseTimestamp, TIMESTAMP_PATTERN } from './format';

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [23_331, '6:28:51'],
    [36_000, '10:00:00'],
  ])('%s seconds is %s', (seconds, expected) => expect(formatTimestamp(seconds)).toBe(expected));

  it('reads back every moment it writes', () => {
    for (const seconds of [0, 59, 60, 3599, 3600, 3661, 23_331, 36_000]) {
      expect(parseTimestamp(formatTimestamp(seconds))).toBe(seconds);
    }
  });

  it('reads the older minutes-only form and refuses what is not a moment', () => {
    expect(parseTimestamp('388:51')).toBe(23_331);
    expect(parseTimestamp('1:5')).toBeNull();
    expect(parseTimestamp('1:60')).toBeNull();
    expect(parseTimestamp('1:02:03:04')).toBeNull();
    expect(parseTimestamp('later')).toBeNull();
  });

  it('finds both forms in text', () => {
    const found = [
      ...'[0:05] then [1:02:03] not [1:2]'.matchAll(new RegExp(`\\[(${TIMESTAMP_PATTERN})\\]`, 'gu')),
    ];
    expect(found.map((match) => match[1])).toEqual(['0:05', '1:02:03']);
  });

  it('shows --:-- for an unknown duration', () => {
    expect(formatDuration(null)).toBe('--:--');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(36_000)).toBe('10:00:00');
  });
});

describe('exportFileName', () => {
  it('replaces every non-alphanumeric character with an underscore', () => {
    expect(exportFileName('Intro: "Cells" / Part 1 🎉', 'pdf')).toBe('Intro___Cells____Part_1__.pdf');
  });
  it('falls back to transcript without a title', () => {
    expect(exportFileName('', 'txt')).toBe('transcript.txt');
    expect(exportFileName(null, 'docx')).toBe('transcript.docx');
  });
  it('names the quiz formats with the extension Moodle imports them by', () => {
    expect(exportFileName('Tides', 'gift')).toBe('Tides.gift.txt');
    expect(exportFileName('Tides', 'moodle')).toBe('Tides.moodle.xml');
    expect(exportFileName(null, 'moodle')).toBe('quiz.moodle.xml');
  });
});
