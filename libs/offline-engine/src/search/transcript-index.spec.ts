import { TranscriptIndex } from './transcript-index';

describe('TranscriptIndex', () => {
  it.each([
    ['What is recursion?', 'Recursion is when a function calls itself.'],
    ['How are collisions resolved?', 'Collisions are resolved by chaining the entries.'],
    ['What does glucose do?', 'Glucose feeds every cell of the body.'],
    ['Which lambdas does C++11 have?', 'C++11 added lambdas to the language.'],
    ['What is mc²?', 'Einstein wrote e=mc² in 1905.'],
  ])('finds %p in a transcript saying %p, with all its words', (question, caption) => {
    const index = new TranscriptIndex([
      { start: 0, text: caption },
      { start: 5, text: 'Then the lecture moves on to other matters entirely.' },
    ]);
    const [best] = index.find(question, 'sentence', 1);
    expect(best?.passage.text).toBe(caption);
    expect(best?.coverage).toBe(1);
  });
});

describe('TranscriptIndex sentences', () => {
  it('never holds the rest of a sentence too long to quote as a sentence of its own', () => {
    const long =
      'So picture ten librarians and two hundred farmers, and imagine that four of the librarians and twenty of the farmers fit this description, then the probability that a random person who fits the description is a librarian, which is what we wanted to know all along when we first met Steve, is the total number of librarians fitting the evidence, 4, divided by the total number of people fitting the evidence, 24.';
    expect(long.split(' ').length).toBeGreaterThan(60);
    const index = new TranscriptIndex([
      { start: 0, text: long },
      { start: 20, text: 'This number is known as the prior.' },
    ]);
    const sentences = index.passages
      .filter((passage) => passage.kind === 'sentence')
      .map((passage) => passage.text);
    expect(sentences).toEqual(['This number is known as the prior.']);
  });
});
