import { parseOutline, writeOutline, type Outline } from './outline';

const OUTLINE: Outline = {
  sections: [
    {
      title: 'Factorial',
      start: 0,
      points: [
        { text: 'The factorial of 3 is 3 times 2 times 1.', start: 135 },
        { text: 'A base case stops the recursion.', start: 290 },
      ],
    },
    {
      title: 'Collatz conjecture',
      start: 3_725,
      points: [{ text: 'It applies to every positive integer.', start: 3_790 }],
    },
  ],
};

describe('the outline as stored', () => {
  it('is written as a heading per section and a moment bullet per point, and read back the same', () => {
    const text = writeOutline(OUTLINE);
    expect(text).toBe(
      [
        '## [0:00] Factorial',
        '',
        '- [2:15] The factorial of 3 is 3 times 2 times 1.',
        '- [4:50] A base case stops the recursion.',
        '',
        '## [1:02:05] Collatz conjecture',
        '',
        '- [1:03:10] It applies to every positive integer.',
      ].join('\n'),
    );
    expect(parseOutline(text)).toEqual(OUTLINE);
  });

  it('reads what a model writes a little differently: ### headings, * bullets, bold, stray lines', () => {
    const text = [
      'Here is the outline:',
      '- [0:05] a point before any section is dropped',
      '### [0:10] **Light reactions**',
      '* [0:12] Chlorophyll absorbs red and blue light.',
      'A line that is no point.',
      '## Heading without a moment',
      '- [0:40] Water is split.',
    ].join('\n');
    expect(parseOutline(text)).toEqual({
      sections: [
        {
          title: 'Light reactions',
          start: 10,
          points: [
            { text: 'Chlorophyll absorbs red and blue light.', start: 12 },
            { text: 'Water is split.', start: 40 },
          ],
        },
      ],
    });
  });

  it('is empty for text with no section', () => {
    expect(parseOutline('')).toEqual({ sections: [] });
    expect(parseOutline('- [0:10] just a bullet')).toEqual({ sections: [] });
  });
});
