import { isAsking } from './answer-shapes';

// Sentences of CS50's short on hash tables (bench/lectures/real).
describe('isAsking', () => {
  it.each([
    'So what makes up a good hash function, right?',
    '>> Using this method if we have a collision, well, what do we do?',
    "What's the base case?",
  ])('reads %p as a question', (sentence) => {
    expect(isAsking(sentence)).toBe(true);
  });

  it.each([
    'And that hash function is going to return some non-negative integer, which we usually call a hashcode, OK?',
    'We call this a collision.',
  ])('reads %p as a statement', (sentence) => {
    expect(isAsking(sentence)).toBe(false);
  });
});
