import { exportFileName, formatDuration, formatTimestamp } from './format';

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [36_000, '600:00'],
  ])('%s seconds is %s', (seconds, expected) => expect(formatTimestamp(seconds)).toBe(expected));

  it('shows --:-- for an unknown duration', () => {
    expect(formatDuration(null)).toBe('--:--');
    expect(formatDuration(125)).toBe('2:05');
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
});
