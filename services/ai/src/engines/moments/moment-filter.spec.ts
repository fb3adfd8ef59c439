import { momentFilter } from './moment-filter';
import { everySplit } from '../../../test/support/every-split';

// Moments that were "sent": 0:05 is kept as itself, 1:02:03 and 1:02:30 are shown as the start of their line.
const keep = (moment: string): string | null =>
  moment === '0:05'
    ? '0:05'
    : moment === '1:02:03' || moment === '1:02:30' || moment === '1:02:00'
      ? '1:02:00'
      : null;

function streamed(pieces: string[]): { text: string; pieces: string[]; dropped: string[] } {
  const out: string[] = [];
  const dropped: string[] = [];
  const filter = momentFilter(
    keep,
    (text) => out.push(text),
    (moment) => dropped.push(moment),
  );
  for (const piece of pieces) filter.write(piece);
  filter.end();
  return { text: out.join(''), pieces: out, dropped };
}

// Every moment construct left in a text: none may hold a moment that was not judged.
const MOMENTS = /[[(](\d+(?::\d\d){1,2}(?:(?:[,;] ?| ?[-–—] ?)\d+(?::\d\d){1,2})*)[\])]/g;

describe('momentFilter', () => {
  const answer = 'Chaining links entries [0:05], never [9:59]; probing [1:02:03] and [see notes] [x].';
  const expected = 'Chaining links entries [0:05], never; probing [1:02:00] and [see notes] [x].';

  it('gives the same text however the model splits it', () => {
    for (const pieces of everySplit(answer)) expect(streamed(pieces).text).toBe(expected);
  });

  it('never lets a moment that was not sent out, not even in part', () => {
    for (const pieces of everySplit(answer)) {
      for (const piece of streamed(pieces).pieces) expect(piece).not.toMatch(/9:5|\[9/);
    }
  });

  it('never lets a dropped moment join the text around it into a new moment, however split', () => {
    const text = 'Probing [1[1:01:40]:10] and [[9:59]0:05] or [1 [9:58]:02:03] and [0:05,[9:57]1:02:03].';
    for (const pieces of everySplit(text)) {
      const shown = streamed(pieces).text;
      // What a removal joins is judged in turn: `[1:10]` was never sent, `[0:05]` and `[1:02:03]` were.
      const groups = [...shown.matchAll(MOMENTS)].map((match) => match[1] ?? '');
      for (const group of groups) for (const moment of group.split(/, |–/)) expect(keep(moment)).toBe(moment);
      expect(shown).toBe('Probing and [ 0:05] or [1:02:00] and [0:05, 1:02:00].');
    }
  });

  it('judges every moment of a group, in brackets or parentheses', () => {
    const text =
      'Both [0:05, 1:02:03]; a range [0:05–1:02:30]; made up [1:23, 4:56] (2:00-3:00); half (9:59; 0:05); ' +
      'one line [1:02:03 - 1:02:30].';
    for (const pieces of everySplit(text)) {
      const { text: shown, dropped } = streamed(pieces);
      expect(shown).toBe(
        'Both [0:05, 1:02:00]; a range [0:05–1:02:00]; made up; half (0:05); one line [1:02:00].',
      );
      expect(dropped).toEqual(['1:23', '4:56', '2:00', '3:00', '9:59']);
    }
  });

  it('keeps the text of an item that loses its only moment', () => {
    const text =
      '- [99:59] Insight one\n- [0:05] Insight two\n[9:59] Note\n1. Review it (9:59).\n2/5 On it (1:02:03)';
    for (const pieces of everySplit(text)) {
      expect(streamed(pieces).text).toBe(
        '- Insight one\n- [0:05] Insight two\nNote\n1. Review it.\n2/5 On it (1:02:00)',
      );
    }
  });

  it('leaves brackets and parentheses that hold no moment alone', () => {
    const text = 'Tables (for example) grow [sic] in (2019 - 2020) and [1, 2]';
    expect(streamed(everySplit(text)[1] ?? []).text).toBe(text);
  });

  it('holds back only what may still become a group of moments', () => {
    const out: string[] = [];
    const filter = momentFilter(keep, (text) => out.push(text));
    filter.write('Tables grow [0:');
    expect(out.join('')).toBe('Tables grow');
    filter.write('05] when full');
    // A word goes out once the space after it shows it is whole.
    expect(out.join('')).toBe('Tables grow [0:05] when');
    filter.write(' (12');
    expect(out.join('')).toBe('Tables grow [0:05] when full');
    filter.end();
    expect(out.join('')).toBe('Tables grow [0:05] when full (12');
  });
});
