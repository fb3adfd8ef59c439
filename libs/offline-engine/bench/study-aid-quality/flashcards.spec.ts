import {
  isFragmentBlank,
  judgeFlashcards,
  namesItsSubject,
  normalisedAnswer,
  parseFlashcards,
  type Flashcard,
} from './flashcards';

const card = (question: string, answer = 'an answer'): Flashcard => ({ question, answer });

describe('parseFlashcards', () => {
  it('reads question and answer pairs, an answer running on to the next blank line', () => {
    expect(
      parseFlashcards('Q: What is RuBisCO?\nA: An enzyme\nthat fixes carbon.\n\nQ: Why?\nA: Because.'),
    ).toEqual([
      { question: 'What is RuBisCO?', answer: 'An enzyme that fixes carbon.' },
      { question: 'Why?', answer: 'Because.' },
    ]);
  });
});

describe('namesItsSubject', () => {
  it.each([
    'What is the answer?',
    'What are those molecules?',
    'What is it?',
    'What does this mean?',
    'Who was he?',
    'What is it? [1:05]',
    'What is the trick?',
  ])('catches a question about a subject it does not name: %s', (question) => {
    expect(namesItsSubject(card(question))).toBe(false);
  });

  it.each([
    'Fill in the blank: He summoned the Estates-General in _____.',
    'Fill in the blank: They stormed the _____ looking for gunpowder.',
    'Fill in the blank: This is the _____ effect.',
    'Fill in the blank: Those ions flow back out through an enzyme called _____.',
    "Fill in the blank: So it's sometimes called the _____ reactions.",
  ])('catches a blanked sentence that opens with a pointer word: %s', (question) => {
    expect(namesItsSubject(card(question))).toBe(false);
  });

  it.each([
    'What is photosynthesis?',
    'What is the fluid that surrounds those stacks?',
    'What does RuBisCO do?',
    'Why do plants close their pores on a hot day?',
    'Fill in the blank: The overall equation looks simple: _____ plus water gives glucose and oxygen.',
    'Fill in the blank: _____ is the sinking of one plate beneath another.',
    'Fill in the blank: Louis the Sixteenth summoned the _____ in 1788.',
  ])('passes a card that names its subject: %s', (question) => {
    expect(namesItsSubject(card(question))).toBe(true);
  });
});

describe('normalisedAnswer', () => {
  it('ignores case, punctuation, a leading article and a cited moment', () => {
    expect(normalisedAnswer('The Carbon dioxide. [0:13]')).toBe(normalisedAnswer('carbon dioxide'));
    expect(normalisedAnswer('carbon dioxide')).not.toBe(normalisedAnswer('oxygen'));
  });
});

describe('isFragmentBlank', () => {
  it.each([
    ['Fill in the blank: Stage two is the Calvin _____, and it happens in the stroma.', 'cycle'],
    ['Fill in the blank: The overall equation: carbon _____ plus water.', 'dioxide'],
    ['Fill in the blank: Those ions flow back out through _____ synthase.', 'ATP'],
    ['Fill in the blank: The Andes formed above a _____ zone.', 'subduction'],
    ['Fill in the blank: Using the same sliding-_____ idea.', 'point'],
    ['Fill in the blank: The king agreed to call the _____-general.', 'estates'],
    ['Fill in the blank: Make a timeline of _____ eighty nine.', 'seventeen'],
    ['Fill in the blank: In June the third estate declares itself the National _____.', 'Assembly'],
    ['Fill in the blank: Stage one is the light-dependent _____.', 'reactions'],
  ])('catches an answer that is part of a longer term: %s → %s', (question, answer) => {
    expect(isFragmentBlank(card(question, answer))).toBe(true);
  });

  it.each([
    ['Fill in the blank: Using ATP and NADPH, the _____ builds three-carbon sugars.', 'cycle'],
    ['Fill in the blank: An enzyme called _____ fixes carbon dioxide from the air.', 'RuBisCO'],
    ['Fill in the blank: Stage two is the _____, and it happens in the stroma.', 'Calvin cycle'],
    ['Fill in the blank: The energy comes as _____ and NADPH.', 'ATP'],
    ['Fill in the blank: Cramming happens in one long _____ right before the exam.', 'session'],
    ['Fill in the blank: A start so last week we left _____ in.', 'france'],
    ["Fill in the blank: A change in the good's own price _____ us along the curve.", 'moves'],
  ])('passes an answer that is the whole term: %s → %s', (question, answer) => {
    expect(isFragmentBlank(card(question, answer))).toBe(false);
  });

  it('ignores cards that are not fill-in-the-blank', () => {
    expect(isFragmentBlank(card('What is the Calvin cycle?', 'cycle'))).toBe(false);
  });
});

describe('judgeFlashcards', () => {
  it('counts cards, named subjects, repeated answers and fragment blanks', () => {
    const figures = judgeFlashcards(
      [
        'Q: What is photosynthesis?',
        'A: How plants turn light into chemical energy.',
        '',
        'Q: Fill in the blank: The overall equation looks simple: _____ plus water gives glucose.',
        'A: carbon dioxide',
        '',
        'Q: What are those molecules?',
        'A: Carbon dioxide.',
        '',
        'Q: Fill in the blank: Stage two is the Calvin _____.',
        'A: cycle',
      ].join('\n'),
    );
    expect(figures).toEqual({
      cards: 4,
      named: 3,
      unnamed: ['What are those molecules?'],
      repeatedAnswers: ['Carbon dioxide.'],
      fragmentBlanks: ['Fill in the blank: Stage two is the Calvin _____. → cycle'],
    });
  });

  it('finds nothing wrong in well-made cards', () => {
    const figures = judgeFlashcards(
      'Q: What is subduction?\nA: The sinking of one plate beneath another.\n\nQ: Fill in the blank: The Andes rose where an oceanic plate sinks by _____.\nA: subduction',
    );
    expect(figures).toMatchObject({ cards: 2, named: 2, repeatedAnswers: [], fragmentBlanks: [] });
  });
});
