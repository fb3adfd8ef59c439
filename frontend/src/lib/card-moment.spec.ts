import { describe, expect, it } from 'vitest';
import { cardMoment, transcriptWords } from '@/lib/card-moment';

const segments = [
  { start: 0, text: 'Welcome to the lecture on plants.' },
  { start: 4, text: 'Chlorophyll is the pigment that' },
  { start: 9, text: 'absorbs red and blue light.' },
  { start: 14, text: 'The Calvin cycle builds sugar.' },
];

describe("a flashcard's moment in its video", () => {
  const index = transcriptWords(segments);

  it('is where its answer is said, across segment ends, whatever the case and punctuation', () => {
    expect(
      cardMoment(
        {
          question: 'What is chlorophyll?',
          answer: 'Chlorophyll is the pigment that absorbs red and blue light.',
        },
        index,
      ),
    ).toBe(4);
    expect(
      cardMoment({ question: 'What builds sugar?', answer: 'The Calvin cycle builds sugar' }, index),
    ).toBe(14);
  });

  it('is where a cloze question is said, with its blank filled in', () => {
    expect(cardMoment({ question: 'The ____ cycle builds sugar.', answer: 'Calvin' }, index)).toBe(14);
  });

  it('is unknown when the card shares no run of words with the transcript', () => {
    expect(
      cardMoment({ question: 'What is osmosis?', answer: 'Water moving through a membrane.' }, index),
    ).toBeNull();
    expect(cardMoment({ question: 'Plants?', answer: 'Yes' }, index)).toBeNull();
  });
});
