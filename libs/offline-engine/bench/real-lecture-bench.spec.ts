import { meetsRealTargets, realLectureReport, type RealLectureQuality } from './real-lecture-bench';

function judged(change: (figures: RealLectureQuality) => void = () => undefined): RealLectureQuality {
  const figures: RealLectureQuality = {
    lecture: 'cs50-recursion',
    captions: 'human',
    heldOut: false,
    cuts: { checked: 40, cut: [] },
    cards: {
      cards: 6,
      worthKeeping: 4,
      definitionCards: 2,
      definitionCardsOfSubstance: 2,
      notWorthKeeping: [],
      conceptsCovered: ['recursion'],
      conceptsMissed: [],
    },
    steps: { steps: 5, actions: 5, fromQuotationsOrAnnouncements: [] },
    ask: {
      covered: 9,
      answeredWithTheAnswer: 6,
      coveredDeclined: 1,
      uncovered: 4,
      uncoveredDeclined: 4,
      misses: [],
    },
    quiz: {
      questions: 8,
      unreadable: 0,
      choices: 5,
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
    },
  };
  change(figures);
  return figures;
}

describe('the real-lecture targets', () => {
  it('hold on figures at every target', () => {
    expect(meetsRealTargets(judged())).toBe(true);
  });

  it.each<[string, (figures: RealLectureQuality) => void]>([
    ['a cut sentence', (f) => f.cuts.cut.push('That might seem a little strange.')],
    ['a definition card without substance', (f) => (f.cards.definitionCardsOfSubstance = 1)],
    ['a step from an announcement', (f) => f.steps.fromQuotationsOrAnnouncements.push('Visit the website.')],
    ['five answers with the answer', (f) => (f.ask.answeredWithTheAnswer = 5)],
    ['two covered questions declined', (f) => (f.ask.coveredDeclined = 2)],
    ['an uncovered question answered', (f) => (f.ask.uncoveredDeclined = 3)],
    ['a quiz question not read as fair', (f) => (f.quiz.unreadable = 1)],
    ['a quiz answer given away by its form', (f) => f.quiz.formGiveaways.push('Which? → Joey')],
    [
      'a quiz sentence that does not stand alone',
      (f) =>
        f.quiz.notStandingAlone.push('Fill in the blank: No context for who the _____ is, nothing. → user'),
    ],
    [
      'a quiz wrong option that is no term',
      (f) => f.quiz.notTerms.push('Fill in the blank: When a _____ speaks to you, … → chat gpt'),
    ],
  ])('fail with %s', (_name, change) => {
    expect(meetsRealTargets(judged(change))).toBe(false);
  });

  it('reports the held-out lecture apart', () => {
    const report = realLectureReport([
      judged(),
      judged((f) => {
        f.lecture = 'cs50-week3-sorting';
        f.heldOut = true;
        f.ask.answeredWithTheAnswer = 3;
      }),
    ]);
    expect(report.development.map((row) => row.lecture)).toEqual(['cs50-recursion']);
    expect(report.heldOut.map((row) => [row.lecture, row['answered with the answer']])).toEqual([
      ['cs50-week3-sorting', '3/9'],
    ]);
    expect(report.meetsTargets).toEqual({ development: true, heldOut: false });
  });
});
