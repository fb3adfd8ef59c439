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
