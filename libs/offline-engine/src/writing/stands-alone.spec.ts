import type { TranscriptSegment } from '@lectern/contracts';
import { findDefinition } from '../analysis/sentence-patterns';
import { analyseTranscript, type Sentence } from '../analysis/transcript-analysis';
import { standsAlone } from './study-writers';

// Sentences of the CS50 section on recursion (test/fixtures/cs50), as they read once the captioners' ">>" is gone.

function sentenceOf(text: string): { analysis: ReturnType<typeof analyseTranscript>; sentence: Sentence } {
  const segments: TranscriptSegment[] = [{ text, start: 0 }];
  const analysis = analyseTranscript(segments, { title: 'Recursion' });
  const [sentence] = analysis.sentences;
  if (!sentence || analysis.sentences.length !== 1) throw new Error(`not one sentence: ${text}`);
  return { analysis, sentence };
}

const alone = (text: string) => {
  const { analysis, sentence } = sentenceOf(text);
  return standsAlone(analysis, sentence);
};

describe('a sentence a student can read on its own', () => {
  it('speaks, after a lead-in, of an "it" that stands for the clause after it ("it is possible to …")', () => {
    expect(
      alone(
        'Now, it is possible to have more than one base case or more than one recursive case, depending on what your function is trying to do.',
      ),
    ).toBe(true);
    expect(alone("So it's important to have a base case in every recursive function.")).toBe(true);
    // Shown first, "It …" reads as pointing back; an "it" that stands for something said before leans on it.
    expect(alone('It is possible to have more than one base case.')).toBe(false);
    expect(alone('Now, it is a function that calls itself as part of its execution.')).toBe(false);
    expect(alone('Now, it is possible.')).toBe(false);
  });

  it('names what its demonstrative points at ("this idea of beautiful, elegant-looking code")', () => {
    expect(
      alone('And recursion is one way to sort of get this idea of beautiful, elegant-looking code.'),
    ).toBe(true);
    expect(alone('This idea allows us to recursively define the factorial function.')).toBe(false);
    expect(alone('This generalization of the problem allows us to define the factorial function.')).toBe(
      false,
    );
  });
});

describe('a definition', () => {
  it('defines a named concept, not a determiner phrase ("every other element")', () => {
    const { analysis, sentence } = sentenceOf(
      'Then every other element is defined as the sum of n minus 1 and n minus 2.',
    );
    expect(findDefinition(analysis, sentence)).toBeNull();
    const named = sentenceOf(
      'A recursive function is defined as a function that calls itself as part of its execution.',
    );
    expect(findDefinition(named.analysis, named.sentence)?.term).toBe('recursive function');
  });
});
