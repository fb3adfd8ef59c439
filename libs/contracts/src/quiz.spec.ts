import {
  parseQuiz,
  quizAnswerJsonSchema,
  quizDraftOf,
  QuizQuestionSchema,
  writeQuiz,
  type QuizQuestionDraft,
} from './quiz';
import { QUIZ_QUESTIONS } from './testing';

const QUESTIONS = QUIZ_QUESTIONS;

describe('the quiz as stored', () => {
  it('is written as numbered questions with their moment, lettered options, the answer and why', () => {
    const text = writeQuiz(QUESTIONS);
    expect(text).toBe(
      [
        '## 1. [0:22] What does the sea do twice a day?',
        '',
        '- A. It rises',
        '- B. It freezes',
        '- C. It turns salty',
        '- D. It stops',
        '',
        'Answer: A. It rises',
        '',
        'Why: The lecture says the sea rises twice a day [0:22]; it never freezes, turns salty or stops.',
        '',
        '## 2. [1:02:05] In {set} notation, which holds: a = b ~ c # d, or x: y\\z?',
        '',
        '- A. a = b ~ c # d',
        '- B. x: y\\z',
        '- C. { } only',
        '- D. 3 < 5 & 4 > 2',
        '',
        'Answer: B. x: y\\z',
        '',
        'Why: Only x: y\\z holds [1:02:05], because {set} & <tags> say so.',
        '',
        '## 3. [0:37] Which energy is clean, in Chinese?',
        '',
        'Answer: 潮汐能 *tidal* energy',
        '',
        'Why: Tidal energy, 潮汐能, is clean [0:37].',
      ].join('\n'),
    );
  });

  it('is read back the same, each question with the id of its place', () => {
    expect(parseQuiz(writeQuiz(QUESTIONS))).toEqual(
      QUESTIONS.map((question, index) => ({ id: `q${index + 1}`, ...question })),
    );
  });

  it('reads what a model writes a little differently: bold, list markers, B) options, an answer by text', () => {
    const text = [
      'Here is your quiz:',
      '### **Question 1: [0:10] Which pigment absorbs red and blue light?**',
      '- a) Carotene',
      '- b) Chlorophyll',
      '- c) Xanthophyll',
      '- d) Melanin',
      '**Answer:** chlorophyll.',
      '**Explanation:** [0:12] Chlorophyll absorbs red and blue light.',
      'It reflects green.',
      '## 2 [0:40] What is split in the light reactions?',
      'Model answer: Water',
      'Why: [0:40] Water is split.',
    ].join('\n');
    expect(parseQuiz(text)).toEqual([
      {
        id: 'q1',
        kind: 'choice',
        prompt: 'Which pigment absorbs red and blue light?',
        options: ['Carotene', 'Chlorophyll', 'Xanthophyll', 'Melanin'],
        answer: 'Chlorophyll',
        explanation: '[0:12] Chlorophyll absorbs red and blue light. It reflects green.',
        moment: { start: 10 },
      },
      {
        id: 'q2',
        kind: 'short',
        prompt: 'What is split in the light reactions?',
        answer: 'Water',
        explanation: '[0:40] Water is split.',
        moment: { start: 40 },
      },
    ]);
  });

  it('skips an unfair question but keeps the ids of the others where they stand', () => {
    const text = [
      '## 1. [0:10] Three options only?',
      'A. one',
      'B. two',
      'C. three',
      'Answer: A',
      'Why: [0:10] because.',
      '',
      '## 2. [0:20] Two right options?',
      'A. water',
      'B. Water.',
      'C. air',
      'D. fire',
      'Answer: A',
      'Why: [0:20] because.',
      '',
      '## 3. [0:30] No explanation?',
      'Answer: none',
      '',
      '## 4. No moment?',
      'Answer: none',
      'Why: because.',
      '',
      '## 5. [0:50] What is left?',
      'Answer: This one.',
      'Why: [0:50] It is fair.',
    ].join('\n');
    expect(parseQuiz(text).map((question) => question.id)).toEqual(['q5']);
  });
});

describe('a fair question', () => {
  const base = QUESTIONS[0] as QuizQuestionDraft;
  const check = (question: QuizQuestionDraft) =>
    QuizQuestionSchema.safeParse({ id: 'q1', ...question }).success;

  it('has four options, none twice, exactly one the answer', () => {
    expect(check(base)).toBe(true);
    const options = base.options ?? [];
    expect(check({ ...base, options: options.slice(0, 3) })).toBe(false);
    expect(check({ ...base, options: [...options, 'It boils'] })).toBe(false);
    expect(check({ ...base, options: [options[0]!, options[1]!, options[1]!, options[3]!] })).toBe(false);
    expect(check({ ...base, options: ['It sinks', ...options.slice(1)] })).toBe(false);
  });

  it('of the short kind has a model answer and no options', () => {
    const short = QUESTIONS[2] as QuizQuestionDraft;
    expect(check(short)).toBe(true);
    expect(check({ ...short, options: ['a', 'b', 'c', 'd'] })).toBe(false);
    expect(check({ ...short, answer: '  ' })).toBe(false);
  });
});

describe("a model's structured answer", () => {
  it('has a JSON schema OpenAI takes in strict mode: every property required, none other allowed', () => {
    const schema = quizAnswerJsonSchema() as {
      $schema?: unknown;
      required: string[];
      additionalProperties: boolean;
      properties: {
        questions: { items: { required: string[]; additionalProperties: boolean; properties: object } };
      };
    };
    expect(schema.$schema).toBeUndefined();
    expect(schema.required).toEqual(['questions']);
    expect(schema.additionalProperties).toBe(false);
    const item = schema.properties.questions.items;
    expect(item.additionalProperties).toBe(false);
    expect([...item.required].sort()).toEqual(Object.keys(item.properties).sort());
  });

  it('becomes a draft: the moment read, the answer given by letter resolved, a short answer without options', () => {
    expect(
      quizDraftOf({
        kind: 'choice',
        prompt: 'What is the factorial of 3?',
        options: ['6', '3', '9', '1'],
        answer: 'A',
        explanation: 'It is 3 times 2 times 1 [2:15].',
        moment: '[2:15]',
      }),
    ).toEqual({
      draft: {
        kind: 'choice',
        prompt: 'What is the factorial of 3?',
        options: ['6', '3', '9', '1'],
        answer: '6',
        explanation: 'It is 3 times 2 times 1 [2:15].',
        moment: { start: 135 },
      },
    });
    expect(
      quizDraftOf({
        kind: 'short',
        prompt: 'Why?',
        options: [],
        answer: 'Because.',
        explanation: 'So.',
        moment: '0:05',
      }),
    ).toEqual({
      draft: { kind: 'short', prompt: 'Why?', answer: 'Because.', explanation: 'So.', moment: { start: 5 } },
    });
  });

  it('says why a question is not fair', () => {
    const problem = quizDraftOf({
      kind: 'choice',
      prompt: 'Which?',
      options: ['a', 'b', 'c', 'd'],
      answer: 'e',
      explanation: 'So.',
      moment: '0:05',
    });
    expect(problem).toEqual({ problem: 'exactly one option must be the answer' });
    expect(
      quizDraftOf({
        kind: 'short',
        prompt: 'Why?',
        options: [],
        answer: 'x',
        explanation: 'y',
        moment: 'soon',
      }),
    ).toEqual({ problem: 'moment "soon" is not m:ss' });
  });
});
