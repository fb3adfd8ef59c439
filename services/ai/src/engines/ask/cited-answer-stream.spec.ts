import { citationFilter } from './cited-answer-stream';

// Moments that were "sent": 0:05 is kept as itself, 1:02:03 is shown as the segment start it falls in.
const keep = (moment: string): string | null =>
  moment === '0:05' ? '[0:05]' : moment === '1:02:03' ? '[1:02:00]' : null;

function streamed(pieces: string[]): { text: string; pieces: string[] } {
  const out: string[] = [];
  const filter = citationFilter(keep, (text) => out.push(text));
  for (const piece of pieces) filter.write(piece);
  filter.end();
  return { text: out.join(''), pieces: out };
}

function everySplit(text: string): string[][] {
  const splits: string[][] = [[text], [...text]];
  for (let at = 1; at < text.length; at += 1) splits.push([text.slice(0, at), text.slice(at)]);
  return splits;
}

describe('citationFilter', () => {
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
    for (const pieces of everySplit('Probing [1[1:01:40]:10] and [[9:59]0:05] or [1 [9:58]:02:03].')) {
      const { text } = streamed(pieces);
      expect([...text.matchAll(/\[([\d:]+)\]/g)].map((match) => match[1])).toEqual([]);
      expect(text).toBe('Probing [1 :10] and [ 0:05] or [1 :02:03].');
    }
  });

  it('holds back only what may still become a citation', () => {
    const out: string[] = [];
    const filter = citationFilter(keep, (text) => out.push(text));
    filter.write('Tables grow [0:');
    expect(out.join('')).toBe('Tables grow');
    filter.write('05] when full');
    expect(out.join('')).toBe('Tables grow [0:05] when full');
    filter.write(' [12');
    filter.end();
    expect(out.join('')).toBe('Tables grow [0:05] when full [12');
  });
});
