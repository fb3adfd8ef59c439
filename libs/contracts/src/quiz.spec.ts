import {
  parseQuiz,
  quizAnswerJsonSchema,
  quizDraftOf,
  QuizQuestionSchema,
  writeQuiz,
  type QuizQuestionDraft,
} from './quiz';

const QUESTIONS: QuizQuestionDraft[] = [
  {
    kind: 'choice',
    prompt: 'What is the factorial of 3?',
    options: ['6', '3', '9', '1'],
    answer: '6',
    explanation: '[2:15] The factorial of 3 is 3 times 2 times 1, which is 6.',
    moment: { start: 135 },
  },
  {
    kind: 'short',
    prompt: 'What stops a recursion?',
    answer: 'A base case.',
    explanation: '[4:50] A base case stops the recursion.',
    moment: { start: 290 },
  },
  {
    kind: 'choice',
    prompt: 'Which conjecture applies to every positive integer?',
    options: ['Goldbach conjecture', 'Collatz conjecture', 'Twin prime conjecture', 'Riemann hypothesis'],
    answer: 'Collatz conjecture',
    explanation: '[1:03:10] It applies to every positive integer.',
    moment: { start: 3_790 },
  },
];

describe('the quiz as stored', () => {
  it('is written as numbered questions with their moment, lettered options, the answer and why', () => {
    const text = writeQuiz(QUESTIONS);
    expect(text).toBe(
      [
        '## 1. [2:15] What is the factorial of 3?',
        '',
        'A. 6',
        'B. 3',
        'C. 9',
        'D. 1',
        '',
        'Answer: A. 6',
        'Why: [2:15] The factorial of 3 is 3 times 2 times 1, which is 6.',
        '',
        '## 2. [4:50] What stops a recursion?',
        '',
        'Answer: A base case.',
        'Why: [4:50] A base case stops the recursion.',
        '',
        '## 3. [1:03:10] Which conjecture applies to every positive integer?',
        '',
        'A. Goldbach conjecture',
        'B. Collatz conjecture',
        'C. Twin prime conjecture',
        'D. Riemann hypothesis',
        '',
        'Answer: B. Collatz conjecture',
        'Why: [1:03:10] It applies to every positive integer.',
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
    expect(check({ ...base, options: ['6', '3', '9'] })).toBe(false);
    expect(check({ ...base, options: ['6', '3', '9', '7', '8'] })).toBe(false);
    expect(check({ ...base, options: ['6', '3', '3', '1'] })).toBe(false);
    expect(check({ ...base, options: ['2', '3', '9', '1'] })).toBe(false);
  });

  it('of the short kind has a model answer and no options', () => {
    const short = QUESTIONS[1] as QuizQuestionDraft;
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
