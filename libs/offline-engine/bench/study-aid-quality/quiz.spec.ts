import { writeQuiz, type QuizQuestionDraft } from '@lectern/contracts';
import { judgeQuiz } from './quiz';

const SEGMENTS = [
  {
    start: 0,
    text: 'Today we look at hash tables, and the hash function that maps a key to a place of the array.',
  },
  { start: 60, text: 'A collision occurs when two keys hash to the same place.' },
  { start: 64, text: 'Linear probing puts the key in the next free place.' },
  { start: 200, text: 'Chaining keeps a linked list at every place of the array.' },
  { start: 300, text: 'With chaining, a collision costs one more step.' },
];

const fair: QuizQuestionDraft = {
  kind: 'choice',
  prompt: 'Fill in the blank: A _____ occurs when two keys hash to the same place.',
  options: ['chaining', 'collision', 'hash function', 'linked list'],
  answer: 'collision',
  explanation: '[1:00] A collision occurs when two keys hash to the same place.',
  moment: { start: 60 },
};

const judged = (...questions: QuizQuestionDraft[]) => judgeQuiz(writeQuiz(questions), SEGMENTS);

describe('the quiz judge', () => {
  it('passes a fair question answerable at its moment', () => {
    expect(judged(fair)).toEqual({
      questions: 1,
      unreadable: 0,
      choices: 1,
      notAnswerable: [],
      notOneRight: [],
      alsoRight: [],
      lengthGiveaways: [],
      formGiveaways: [],
      aboutTheRoom: [],
      courseBusiness: [],
      definitionsNotAlone: [],
      notStandingAlone: [],
      trivialBlanks: [],
      notTerms: [],
      alsoFitting: [],
      grammarGiveaways: [],
    });
  });

  it('finds a question whose answer is not said at its moment', () => {
    expect(judged({ ...fair, moment: { start: 200 } }).notAnswerable).toHaveLength(1);
    expect(
      judged({
        kind: 'short',
        prompt: 'What does chaining keep?',
        answer: 'A binary tree of keys.',
        explanation: 'So.',
        moment: { start: 200 },
      }).notAnswerable,
    ).toHaveLength(1);
  });

  it('finds a question without exactly one right option, which the reader does not even take', () => {
    const text = writeQuiz([fair]).replace('Answer: B. collision', 'Answer: binary tree');
    expect(judgeQuiz(text, SEGMENTS)).toMatchObject({ questions: 1, unreadable: 1 });
  });

  it('finds a wrong option that is also right: a part of the answer or more of it', () => {
    expect(
      judged({ ...fair, options: ['chaining', 'collision', 'collision resolution', 'array'] }).alsoRight,
    ).toHaveLength(1);
    expect(
      judged({ ...fair, options: ['hash', 'collision', 'hash function', 'array'] }).alsoRight,
    ).toHaveLength(1);
  });

  it('finds an answer given away by its length or its form', () => {
    const long = {
      ...fair,
      prompt: 'Which?',
      options: ['array', 'key', 'linear probing puts the key', 'chaining'],
      answer: 'linear probing puts the key',
      moment: { start: 64 },
    };
    expect(judged(long).lengthGiveaways).toHaveLength(1);
    const capital = {
      ...fair,
      options: ['chaining', 'Collision', 'hash function', 'array'],
      answer: 'Collision',
    };
    expect(judged(capital).formGiveaways).toHaveLength(1);
    const plural = {
      ...fair,
      options: ['chaining', 'collisions', 'hash function', 'array'],
      answer: 'collisions',
    };
    expect(judged(plural).formGiveaways).toHaveLength(1);
  });
});
