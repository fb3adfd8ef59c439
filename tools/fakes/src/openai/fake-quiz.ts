// The quiz a model writes as JSON (structured output, or a JSON prompt): a few questions on the lines it was sent,
// each citing the line it comes from. Every choice question is fair: four distinct options, one of them the answer.

export interface QuizStamp {
  at: string;
  text: string;
}

interface FakeQuizQuestion {
  kind: 'choice' | 'short';
  prompt: string;
  options: string[];
  answer: string;
  explanation: string;
  moment: string;
}

const QUESTIONS = 4;

function phrase(stamp: QuizStamp | undefined, count: number): string {
  return (stamp?.text ?? 'the topic')
    .replace(/^note: /u, '')
    .replace(/[.!?,;:]/gu, '')
    .split(/\s+/u)
    .slice(0, count)
    .join(' ');
}

/**
 * The quiz's questions on these lines; `invented` adds one citing a moment of no line, and a made-up link and
 * moment to the first one's explanation.
 */
export function fakeQuizQuestions(
  stamps: readonly QuizStamp[],
  invented: { moment: string; link: string } | null,
): FakeQuizQuestion[] {
  const pick = (index: number) =>
    stamps[Math.floor((index * stamps.length) / QUESTIONS) % Math.max(1, stamps.length)];
  const questions = Array.from({ length: QUESTIONS }, (_, index): FakeQuizQuestion => {
    const stamp = pick(index);
    const at = stamp?.at ?? '0:00';
    const explanation = `The lecture says ${phrase(stamp, 12)} [${at}].`;
    if (index % 2 === 1) {
      return {
        kind: 'short',
        prompt: `What does the lecture say at ${at}?`,
        options: [],
        answer: phrase(stamp, 8),
        explanation,
        moment: at,
      };
    }
    const answer = phrase(stamp, 3);
    const others = stamps.map((other) => phrase(other, 3)).filter((text) => text !== answer);
    const wrong = [...new Set(others)].slice(0, 3);
    while (wrong.length < 3) wrong.push(`None of these (${wrong.length + 1})`);
    const options = [...wrong];
    options.splice(index % 4, 0, answer);
    return {
      kind: 'choice',
      prompt: `Which words open the line at ${at}?`,
      options,
      answer,
      explanation,
      moment: at,
    };
  });
  if (invented) {
    const first = questions[0];
    if (first) first.explanation += ` See ${invented.link} [${first.moment}, ${invented.moment}].`;
    questions.push({
      kind: 'short',
      prompt: 'Where is the course?',
      options: [],
      answer: `At ${invented.link}`,
      explanation: `It is online [${invented.moment}].`,
      moment: invented.moment,
    });
  }
  return questions;
}

/** A quiz answer as a model slips now and then: well-formed JSON, but a choice question with three options. */
export function unfairQuizAnswer(stamps: readonly QuizStamp[]): string {
  const questions = fakeQuizQuestions(stamps, null).map((question) =>
    question.kind === 'choice' ? { ...question, options: question.options.slice(0, 3) } : question,
  );
  return JSON.stringify({
    questions: questions.map((question) => ({ ...question, answer: 'Not an option' })),
  });
}

/** A rule of a fair question a model's quiz may break: its answer not said at its moment, an option also right, two
 * options one when compared normalised, the answer given away by its length or by its form. */
export type FakeQuizFault =
  'not-answerable' | 'also-right' | 'same-option' | 'length-giveaway' | 'form-giveaway';

/** Which questions of the next quiz answer break the rule: the first choice question, every choice, or every one. */
export interface FakeQuizFaults {
  fault: FakeQuizFault;
  questions: 'first-choice' | 'every-choice' | 'every';
}

// Words no test lecture says.
const UNSAID_ANSWER = 'zebra marmalade';

function withFault(
  question: FakeQuizQuestion,
  fault: FakeQuizFault,
  stamps: readonly QuizStamp[],
): FakeQuizQuestion {
  if (question.kind === 'short')
    return fault === 'not-answerable' ? { ...question, answer: UNSAID_ANSWER } : question;
  const { answer } = question;
  const at = question.options.indexOf(answer);
  const wrongAt = at === 0 ? 1 : 0;
  const replaced = (index: number, text: string) =>
    question.options.map((option, place) => (place === index ? text : option));
  switch (fault) {
    case 'not-answerable':
      return { ...question, answer: UNSAID_ANSWER, options: replaced(at, UNSAID_ANSWER) };
    case 'also-right':
      return { ...question, options: replaced(wrongAt, `${answer} and more`) };
    case 'same-option':
      // Distinct to the contract's schema (which keeps the hyphen), one and the same to a student.
      return { ...question, options: replaced(wrongAt, answer.replace(/\s+/gu, '-')) };
    case 'length-giveaway': {
      const stamp = stamps.find((line) => line.at === question.moment);
      const long = phrase(stamp, 14);
      return { ...question, answer: long, options: replaced(at, long) };
    }
    case 'form-giveaway': {
      const capitalised = answer.charAt(0).toUpperCase() + answer.slice(1).toLowerCase();
      return {
        ...question,
        answer: capitalised,
        options: question.options.map((option, place) => (place === at ? capitalised : option.toLowerCase())),
      };
    }
  }
}

/** The quiz's questions on these lines, some breaking a rule of a fair question as a model's may. */
export function faultyQuizQuestions(
  stamps: readonly QuizStamp[],
  faults: FakeQuizFaults,
): FakeQuizQuestion[] {
  const questions = fakeQuizQuestions(stamps, null);
  const firstChoice = questions.findIndex((question) => question.kind === 'choice');
  return questions.map((question, index) => {
    const breaks =
      faults.questions === 'every' ||
      (question.kind === 'choice' && (faults.questions === 'every-choice' || index === firstChoice));
    return breaks ? withFault(question, faults.fault, stamps) : question;
  });
}
