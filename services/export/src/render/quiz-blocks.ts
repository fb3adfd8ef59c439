import type { InlineSpan, MarkdownBlock } from './markdown';
import { keyedAnswer, OPTION_LETTERS, type SheetQuestion } from './quiz-sheet';

// A quiz in a document (TXT, Markdown, PDF, DOCX) is for testing oneself: the questions with their lettered
// options first, then the answer key, where each answer comes with why it is right and the moment of the
// lecture that teaches it (a link to the video at that second). An answer right under its question would be
// read before the question is tried.

/** The answer key's heading. */
export const ANSWER_KEY = 'Answer key';

const text = (value: string): InlineSpan => ({ text: value, bold: false, italic: false });
const label = (value: string): InlineSpan => ({ text: value, bold: true, italic: false });

/** What a short-answer question asks for instead of options. */
export const SHORT_ANSWER = 'Short answer';

function questionBlock(question: SheetQuestion): MarkdownBlock {
  const options =
    question.kind === 'short'
      ? [[{ text: SHORT_ANSWER, bold: false, italic: true }]]
      : question.options.map((option, index) => [text(`${OPTION_LETTERS[index] ?? '?'}. ${option}`)]);
  return { kind: 'lines', lines: [[label(`${question.number}. `), text(question.prompt)], ...options] };
}

function keyBlock(question: SheetQuestion): MarkdownBlock {
  const stamp = `[${question.stamp}]`;
  const moment: InlineSpan =
    question.momentUrl === null ? text(stamp) : { ...text(stamp), link: question.momentUrl };
  return {
    kind: 'lines',
    lines: [
      [label(`${question.number}. `), text(keyedAnswer(question))],
      [label('Why: '), text(question.explanation)],
      [label('Moment: '), moment],
    ],
  };
}

/** The quiz's questions, then the answer key. */
export function quizBlocks(questions: readonly SheetQuestion[]): MarkdownBlock[] {
  return [
    ...questions.map(questionBlock),
    { kind: 'heading', level: 1, spans: [text(ANSWER_KEY)] },
    ...questions.map(keyBlock),
  ];
}
