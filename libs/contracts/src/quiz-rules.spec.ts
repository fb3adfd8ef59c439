import { brokenQuizRules, linesAroundMoment, type RuledQuestion } from './quiz-rules';

const SEGMENTS = [
  { start: 0, text: 'Today we look at hash tables.' },
  { start: 60, text: 'A collision occurs when two keys hash to the same place.' },
  { start: 64, text: 'Linear probing puts the key in the next free place.' },
  { start: 200, text: 'Chaining keeps a linked list at every place of the array.' },
];

const fair: RuledQuestion = {
  kind: 'choice',
  options: ['chaining', 'collision', 'hash function', 'linked list'],
  answer: 'collision',
  moment: { start: 60 },
};

const withOptions = (options: string[], answer = fair.answer): RuledQuestion => ({
  ...fair,
  options,
  answer,
});

describe('the rules of a fair quiz question', () => {
  it('a fair choice breaks none', () => {
    expect(brokenQuizRules(fair, SEGMENTS)).toEqual([]);
  });

  it('the lines of a moment run from 15 seconds before it to 30 after', () => {
    expect(linesAroundMoment(60, SEGMENTS).map((segment) => segment.start)).toEqual([60, 64]);
    expect(linesAroundMoment(215, SEGMENTS).map((segment) => segment.start)).toEqual([200]);
  });

  it('an answer not said in the lines of its moment is not answerable, for a short answer too', () => {
    expect(brokenQuizRules({ ...fair, moment: { start: 200 } }, SEGMENTS)).toEqual(['notAnswerable']);
    const short: RuledQuestion = {
      kind: 'short',
      answer: 'two keys hash to the same place',
      moment: { start: 60 },
    };
    expect(brokenQuizRules(short, SEGMENTS)).toEqual([]);
    expect(brokenQuizRules({ ...short, moment: { start: 200 } }, SEGMENTS)).toEqual(['notAnswerable']);
  });

  it('an option that is the answer again, a part of it or more of it, is also right', () => {
    expect(
      brokenQuizRules(withOptions(['chaining', 'collision', 'Collision!', 'linked list']), SEGMENTS),
    ).toContain('notOneRight');
    expect(
      brokenQuizRules(withOptions(['linked list', 'linked-list', 'collision', 'chaining']), SEGMENTS),
    ).toEqual(['alsoRight']);
    expect(
      brokenQuizRules(withOptions(['a collision occurs', 'collision', 'chaining', 'linked list']), SEGMENTS),
    ).toEqual(['alsoRight']);
  });

  it('an answer far the longest, or alone in its form, is given away', () => {
    const long = 'two keys hash to the same place';
    expect(brokenQuizRules(withOptions(['chaining', long, 'array', 'key'], long), SEGMENTS)).toEqual([
      'lengthGiveaway',
    ]);
    expect(
      brokenQuizRules(
        withOptions(['chaining', 'Collision', 'hash function', 'linked list'], 'Collision'),
        SEGMENTS,
      ),
    ).toEqual(['formGiveaway']);
  });
});
