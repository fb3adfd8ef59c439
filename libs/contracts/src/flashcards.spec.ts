import { parseFlashcards } from './flashcards';

describe('parseFlashcards', () => {
  it('reads Q: / A: pairs in the forms both engines and models write', () => {
    const text = [
      'Q: What is a heap?',
      'A: A tree where every parent is smaller than its children.',
      '',
      '- **Question 2.** Why hash?',
      '- **Answer 2:** For constant-time look-ups',
      'on average.',
      '',
      '1) q 3 : Spaces around the number?',
      '2) a3. Allowed.',
      'Q:',
      'A: a card with no question is kept as written',
    ].join('\n');
    expect(parseFlashcards(text)).toEqual([
      { question: 'What is a heap?', answer: 'A tree where every parent is smaller than its children.' },
      { question: 'Why hash?', answer: 'For constant-time look-ups on average.' },
      { question: 'Spaces around the number?', answer: 'Allowed.' },
      { question: '', answer: 'a card with no question is kept as written' },
    ]);
  });

  // On the gateway, before any rate limit, the patterns used to take time that grows with the square of a run of
  // spaces (40,000 spaces: 2.3 s; 100,000 would take about 15 s). Read in linear time, 100,000 take milliseconds:
  // the bound below is far above that on any busy machine and still far under what the old patterns took (14 s+).
  it.each([
    ['a question marker and spaces', `Q${' '.repeat(100_000)}x`],
    ['an answer marker and spaces', `Q: a\nA${' '.repeat(100_000)}x`],
    ['spaces before a line separator', `Q:${' '.repeat(100_000)}x\u2028y`],
    ['a numbered question and spaces', `Question 12${' '.repeat(100_000)}x`],
    ['list markers and spaces', `${' '.repeat(100_000)}-${' '.repeat(100_000)}x`],
  ])('reads a line of %s in linear time', (_shape, text) => {
    const started = performance.now();
    parseFlashcards(text);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
