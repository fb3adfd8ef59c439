import { TIMESTAMP_PATTERN } from '@lectern/contracts';
import { chunkLines, estimateTokens, formatTranscriptLines } from './transcript-lines';

describe('transcript lines', () => {
  it('writes one [m:ss] line per non-empty segment, hours rolling into minutes', () => {
    const lines = formatTranscriptLines([
      { text: 'Welcome  back.', start: 0 },
      { text: '   ', start: 3 },
      { text: 'Ten hours in.', start: 36_000.4 },
    ]);
    expect(lines).toEqual(['[0:00] Welcome back.', '[10:00:00] Ten hours in.']);
  });

  it('chunks lines in order within the budget, every chunk keeping its timestamps', () => {
    const lines = Array.from(
      { length: 500 },
      (_, index) => `[${index}:00] sentence number ${index} of the lecture`,
    );
    const chunks = chunkLines(lines, 300);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.flat()).toEqual(lines);
    for (const chunk of chunks) {
      expect(estimateTokens(chunk.join('\n'))).toBeLessThanOrEqual(300);
      for (const line of chunk) expect(line).toMatch(new RegExp(String.raw`^\[${TIMESTAMP_PATTERN}\] `));
    }
  });

  it('cuts a single line longer than the budget', () => {
    const chunks = chunkLines([`[0:00] ${'word '.repeat(400)}`], 100);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(estimateTokens(chunk.join('\n'))).toBeLessThanOrEqual(100);
  });
});
