import { writeQuiz } from '@lectern/contracts';

/** A stored quiz (its Markdown) of one choice question (right: 1) and one short-answer question. */
export const TWO_QUESTION_QUIZ = writeQuiz([
  {
    kind: 'choice',
    prompt: 'What does a hash table index its array by?',
    options: ['The key', 'The hash of each key', 'The order', 'The value'],
    answer: 'The hash of each key',
    explanation: 'By the hash of each key [0:05].',
    moment: { start: 5 },
  },
  {
    kind: 'short',
    prompt: 'What is a collision?',
    answer: 'Two keys in one slot.',
    explanation: 'Two keys can hash to one slot [0:10].',
    moment: { start: 10 },
  },
]);
