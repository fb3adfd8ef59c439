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

/** The quiz's questions on these lines; `invented` adds one citing a moment of no line, with a made-up link. */
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
