import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import {
  isAnswerOfSubstance,
  judgeAnswers,
  judgeCutSentences,
  judgeRealCards,
  judgeRealSteps,
  spokenText,
} from './real-lecture';

// Captions of CS50's short on recursion (bench/lectures/real), as the lines join.
const CAPTIONS =
  '>> [MUSIC PLAYING] >> DOUG LLOYD: You probably think that code is just used to accomplish a task. ' +
  'You write it out. >> The way recursion works is, a recursive function is defined as a function that calls ' +
  'itself as part of its execution. That might seem a little strange, and we will see a little bit about how ' +
  'this works in a moment. So the factorial of 1 is just 1.';

describe('the real-lecture judges', () => {
  it('reads captions as spoken: no speaker changes, names or sound tags', () => {
    expect(spokenText(CAPTIONS)).toMatch(/^You probably think that code/);
  });

  it('counts a sentence shown as whole but cut mid-clause, not a whole one nor one marked with an ellipsis', () => {
    const markdown = [
      '- You probably think that code is just used to accomplish a task. [0:05]',
      '- The factorial of 1 is just 1.',
      '- A recursive function is defined as a function that calls itself as part of its execution.',
      '- That might seem a little strange.',
      '- That might seem a little strange, and we will see …',
    ].join('\n');
    const figures = judgeCutSentences([markdown], CAPTIONS);
    expect(figures.checked).toBe(4);
    // The second starts after the opener "So"; the third lacks its first clause, "The way recursion works is,".
    expect(figures.cut).toEqual([
      'A recursive function is defined as a function that calls itself as part of its execution.',
      'That might seem a little strange.',
    ]);
  });

  it('takes advice shown from its verb on ("We should practice…" as "Practice…") as whole', () => {
    // The TEDx talk on learning with AI, as Whisper wrote it (bench/lectures/real).
    const captions =
      'For example, maybe we should understand what the elements are good for. ' +
      "We should practice using LLMs to assist our thinking rather than replace our thinking. Again, you wouldn't. " +
      'We should not forget the nutrition label on the back of the food.';
    const figures = judgeCutSentences(
      [
        '1. Practice using LLMs to assist our thinking rather than replace our thinking.\n2. Assist our thinking rather than replace our thinking.\n3. Forget the nutrition label on the back of the food.',
      ],
      captions,
    );
    expect(figures).toEqual({
      checked: 3,
      cut: [
        'Assist our thinking rather than replace our thinking.',
        'Forget the nutrition label on the back of the food.',
      ],
    });
  });

  it('keeps a card that names a concept of the lecture and answers it with substance, not a question or a marker', () => {
    expect(isAnswerOfSubstance('A function that calls itself as part of its execution.')).toBe(true);
    expect(isAnswerOfSubstance('Is it 1, or is it 2?')).toBe(false);
    expect(isAnswerOfSubstance('Function.')).toBe(false);
    const markdown = [
      'Q: What is a recursive function?',
      'A: A function that calls itself as part of its execution.',
      '',
      'Q: Fill in the blank: >> The way recursion works is, a _____ is defined as a function that calls itself.',
      'A: recursive function',
      '',
      'Q: What is a monad?',
      'A: A burrito of values and effects.',
    ].join('\n');
    const figures = judgeRealCards(markdown, CAPTIONS, [
      { name: 'recursion', names: ['recursion', 'recursive function'] },
      { name: 'base case', names: ['base case'] },
    ]);
    expect(figures).toMatchObject({
      cards: 3,
      worthKeeping: 1,
      definitionCards: 2,
      definitionCardsOfSubstance: 1,
      conceptsCovered: ['recursion'],
      conceptsMissed: ['base case'],
    });
  });

  it('finds steps taken from quotations or course announcements', () => {
    const figures = judgeRealSteps(
      [
        '1. Write the recursive function Collatz yourself before you watch the answer.',
        '2. Visit the course’s website, where a URL can be found.',
        '3. "Catch them while you can."',
      ].join('\n'),
    );
    expect(figures.steps).toBe(3);
    expect(figures.fromQuotationsOrAnnouncements).toHaveLength(2);
  });

  it('counts an answer as quoting the answer only when the quote holds the key’s words', () => {
    const key = ['a recursive function is defined as a function that calls itself as part of its execution'];
    const figures = judgeAnswers(
      [
        {
          question: 'What is recursion?',
          keys: key,
          answer:
            '“>> The way recursion works is, a recursive function is defined as a function that calls itself as part of its execution.” [0:45]',
        },
        {
          question: 'What is a recursive function?',
          keys: key,
          answer: '“But we have two recursive cases.” [10:20]',
        },
        { question: 'What is recursion for?', keys: key, answer: NOT_COVERED_ANSWER },
      ],
      [
        { question: 'What is a hash table?', answer: NOT_COVERED_ANSWER },
        {
          question: 'How does merge sort work?',
          answer: '“And recursion is one way to sort of get this idea.” [0:28]',
        },
      ],
    );
    expect(figures).toMatchObject({
      covered: 3,
      answeredWithTheAnswer: 1,
      coveredDeclined: 1,
      uncovered: 2,
      uncoveredDeclined: 1,
    });
  });
});
