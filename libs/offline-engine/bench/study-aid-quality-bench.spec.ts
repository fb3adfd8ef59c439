import { developmentExamples, qualityReport, type LectureQuality } from './study-aid-quality-bench';

function judged(lecture: string, heldOut: boolean, flaws: number): LectureQuality {
  return {
    lecture,
    track: 'manual',
    heldOut,
    citations: [
      {
        feature: 'insights',
        summaryLength: null,
        cited: 3,
        existing: 3 - flaws,
        missing: flaws ? ['9:59'] : [],
      },
    ],
    flashcards: {
      cards: 4,
      named: 4 - flaws,
      unnamed: flaws ? [`What is it? (${lecture})`] : [],
      repeatedAnswers: flaws ? ['cycle'] : [],
      fragmentBlanks: [],
    },
    actionPlan: {
      steps: 2,
      actions: 2 - flaws,
      notActions: flaws ? ['Stage one turns light into energy.'] : [],
    },
    blog: { headings: 3, fragments: flaws ? ['Dioxide'] : [] },
    quiz: {
      questions: 5,
      unreadable: 0,
      choices: 3,
      notAnswerable: [],
      notOneRight: [],
      alsoRight: flaws ? ['Fill in the blank: A _____ stores keys. → hash table'] : [],
      lengthGiveaways: [],
      formGiveaways: [],
      aboutTheRoom: [],
      courseBusiness: [],
      definitionsNotAlone: [],
      notStandingAlone: flaws
        ? ['Fill in the blank: A small description of what the _____ does. → business']
        : [],
      trivialBlanks: [],
      notTerms: [],
      alsoFitting: [],
      grammarGiveaways: [],
    },
  };
}

const value = (rows: ReturnType<typeof qualityReport>['development'], measure: string) =>
  rows.find((row) => row.measure === measure);

describe('qualityReport', () => {
  const report = qualityReport([judged('a', false, 1), judged('b', false, 0), judged('secret', true, 0)]);

  it('adds up the development lectures beside the targets', () => {
    expect(value(report.development, 'flashcards: subject named')).toEqual({
      measure: 'flashcards: subject named',
      value: '7/8',
      target: 'all',
      met: false,
    });
    expect(value(report.development, 'insights: cited moments that exist')?.value).toBe('5/6');
    expect(value(report.development, 'flashcards: repeated answers')).toMatchObject({ value: 1, met: false });
    expect(value(report.development, 'action plan: steps that are actions')?.value).toBe('3/4');
    expect(value(report.development, 'blog: fragment headings')).toMatchObject({ value: 1, met: false });
    expect(value(report.development, 'quiz: questions (choices)')?.value).toBe('10 (6)');
    expect(value(report.development, 'quiz: choices with an option also right')).toMatchObject({
      value: 1,
      met: false,
    });
    expect(value(report.development, 'quiz: sentences that do not stand alone')).toMatchObject({
      value: 1,
      met: false,
    });
    expect(report.developmentByLecture.map((row) => row.lecture)).toEqual(['a', 'b']);
    expect(report.meetsTargets.development).toBe(false);
  });

  it('reports the held-out lecture apart', () => {
    expect(report.heldOutByLecture.map((row) => row.lecture)).toEqual(['secret']);
    expect(value(report.heldOut, 'flashcards: subject named')?.value).toBe('4/4');
    expect(report.meetsTargets.heldOut).toBe(true);
  });
});

describe('developmentExamples', () => {
  it('lists what failed on development lectures and never shows a held-out one', () => {
    const examples = developmentExamples([judged('a', false, 1), judged('secret', true, 1)]).join('\n');
    expect(examples).toContain('unnamed subject: What is it? (a)');
    expect(examples).toContain('fragment heading: Dioxide');
    expect(examples).toContain('insights cites a moment no line starts at: 9:59');
    expect(examples).not.toContain('secret');
  });
});
